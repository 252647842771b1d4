/**
 * A paper to print, as the receipt printer and the browser's print dialog both take it: lines of text with a
 * style, and rules between parts. What is on it (an order ticket, a postcard, a receipt) is made by its screen; how it
 * becomes ESC/POS bytes is escpos.ts.
 */
export type PaperLine =
  | { style: 'title' | 'bold' | 'normal'; text: string; align?: 'left' | 'center' | 'right' }
  | { style: 'rule' };

export interface PaperDoc {
  /** What the print job is called in the printer's log and in errors: «Заказ № 1042». */
  name: string;
  lines: PaperLine[];
}
