import { flower, type FlowerUnit } from './entities/flower';
import { invoice } from './entities/invoice';
import { techCard } from './entities/tech-card';
import { purchasePrices, type InvoiceRecord, type PurchasePrice } from './purchase-price';
import { recordData, type OfficeRecord } from './record';
import type { TechCard } from './tech-card';

/** What a bouquet's recipe is read against: the tech cards, the flowers (title, unit) and their purchase prices. */
export interface RecipeBook {
  cards: Map<string, TechCard>;
  flowers: Map<string, { title: string; unit: FlowerUnit }>;
  units: Map<string, FlowerUnit>;
  prices: Map<string, PurchasePrice>;
}

/**
 * The recipe book from office records (the device's office collection, the server's office database): the same
 * cards, units and prices (from posted invoices) on both sides, so a cost seen offline is the one the server stamps.
 */
export const recipeBookOf = (records: Iterable<Pick<OfficeRecord, 'id' | 'type' | 'v' | 'data' | 'title' | 'updatedAt'>>): RecipeBook => {
  const book: RecipeBook = { cards: new Map(), flowers: new Map(), units: new Map(), prices: new Map() };
  const invoices: InvoiceRecord[] = [];
  for (const r of records) {
    if (r.type === techCard.type) {
      const data = recordData(techCard, r);
      if (data) book.cards.set(r.id, data);
    } else if (r.type === flower.type) {
      const data = recordData(flower, r);
      if (data) {
        book.flowers.set(r.id, { title: flower.title(data), unit: data.unit });
        book.units.set(r.id, data.unit);
      }
    } else if (r.type === invoice.type) {
      const data = recordData(invoice, r);
      if (data) invoices.push({ id: r.id, updatedAt: r.updatedAt, data });
    }
  }
  book.prices = purchasePrices(invoices);
  return book;
};
