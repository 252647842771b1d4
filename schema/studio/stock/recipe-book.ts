import { flower } from '../../entities/flower';
import { invoice } from '../../entities/invoice';
import { techCard } from '../../entities/tech-card';
import { purchasePrices, type InvoiceRecord, type PurchasePrice } from './purchase-price';
import { recordData, type OfficeRecord } from '../../shared/record';
import type { TechCard } from './tech-card';
import { unitList, unitOf, type Unit } from '../../shared/unit';
import { unvoided, voidedIds } from '../../shared/voids';

/** What a bouquet's recipe is read against: the tech cards, the flowers (title, unit of the studio's list) and their purchase prices. */
export interface RecipeBook {
  cards: Map<string, TechCard>;
  flowers: Map<string, { title: string; unit: Unit }>;
  /** Each flower's unit, by the flower's id. */
  units: Map<string, Unit>;
  prices: Map<string, PurchasePrice>;
}

/**
 * The recipe book from office records (the device's office collection, the server's office database): the same
 * cards, units (the `unit` reference list among the same records) and prices (from posted invoices not voided) on both sides, so
 * a cost seen offline is the one the server stamps.
 */
export const recipeBookOf = (records: Iterable<Pick<OfficeRecord, 'id' | 'type' | 'v' | 'data' | 'title' | 'updatedAt'>>): RecipeBook => {
  const book: RecipeBook = { cards: new Map(), flowers: new Map(), units: new Map(), prices: new Map() };
  const all = [...records];
  const units = unitList(all);
  const invoices: InvoiceRecord[] = [];
  for (const r of all) {
    if (r.type === techCard.type) {
      const data = recordData(techCard, r);
      if (data) book.cards.set(r.id, data);
    } else if (r.type === flower.type) {
      const data = recordData(flower, r);
      if (data) {
        const unit = unitOf(units, data.unit);
        book.flowers.set(r.id, { title: flower.title(data), unit });
        book.units.set(r.id, unit);
      }
    } else if (r.type === invoice.type) {
      const data = recordData(invoice, r);
      if (data) invoices.push({ id: r.id, updatedAt: r.updatedAt, data });
    }
  }
  book.prices = purchasePrices(unvoided(invoices, voidedIds(all)));
  return book;
};
