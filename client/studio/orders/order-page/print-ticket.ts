import { amountOwed } from '../../../../schema/studio/orders/amount-owed';
import { formatRoubles } from '../../../../schema/shared/money';
import type { Order } from '../../../../schema/studio/orders/order';
import type { Product } from '../../../../schema/shop/product';
import { setPrintPageRule } from '../../../ui/print-page-size';

/** The paper the ticket is printed on: an A4 sheet, or a receipt printer's 80 mm roll. */
export const papers = [
  { id: 'a4', label: 'A4' },
  { id: 'receipt', label: 'Чек 80 мм' },
] as const;
export type Paper = (typeof papers)[number]['id'];

/**
 * The sheet's @page rule for a paper: A4, or a receipt printer's roll, 80 mm wide, cut after 200 mm at most (a
 * ticket is shorter). Put in place for each print by the paper chosen (`setPaperSize`), as the one @page rule that
 * comes last.
 */
const pageRule = (paper: Paper): string => (paper === 'receipt' ? '@page { size: 80mm 200mm; margin: 4mm; }' : '@page { size: A4; margin: 10mm; }');

/** Sets the page size for the next print by the paper chosen (client/ui/print-page-size.ts). */
export const setPaperSize = (paper: Paper): void => setPrintPageRule(pageRule(paper));

const paperKey = 'studio:paper';
/** The paper this device printed on last: a studio keeps one printer by the counter. */
export const storedPaper = (): Paper => {
  try {
    return localStorage.getItem(paperKey) === 'receipt' ? 'receipt' : 'a4';
  } catch {
    return 'a4';
  }
};
export const storePaper = (paper: Paper): void => {
  try {
    localStorage.setItem(paperKey, paper);
  } catch {
    // A private window: the choice lasts as long as the page.
  }
};

interface TicketLine {
  key: string;
  text: string;
  /** The bouquet's recipe, from the catalogue (what the florist assembles); empty when the catalogue has none. */
  composition: string;
}

/** The ticket's lines: each with its recipe from the catalogue the device holds. */
export const ticketLines = (o: Pick<Order, 'lines'>, products: ReadonlyMap<string, Pick<Product, 'composition'>>): TicketLine[] =>
  o.lines.map((l) => ({
    key: `${l.id}-${l.letterSize ?? ''}`,
    text: `${l.name}${l.letterSize ? ` (${l.letterSize})` : ''} — ${l.count} шт. (${l.art})`,
    composition: products.get(l.id)?.composition.trim() ?? '',
  }));

/** «Получить при доставке: 7 990 ₽» (at pickup: «при выдаче»), or «Оплачен полностью». */
export const collectLine = (o: Pick<Order, 'total' | 'paid' | 'delivery'>): string => {
  const owed = amountOwed(o);
  if (!owed) return 'Оплачен полностью';
  return `Получить ${o.delivery.method === 'pickup' ? 'при выдаче' : 'при доставке'}: ${formatRoubles(owed)}`;
};
