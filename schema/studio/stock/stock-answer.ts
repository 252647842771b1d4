import { z } from 'zod';

/**
 * What POST /api/stock/balances answers: every non-zero balance per flower × warehouse (the sum of the moves of every
 * stock-moving record), and each flower's purchase prices from posted supply invoices. For screens and reports that
 * read online; a staff device computes the same from its own office collection (client/data/stock-balances.ts).
 */
export const stockAnswer = z.strictObject({
  balances: z.array(z.strictObject({ flower: z.string(), warehouse: z.string(), qty: z.number() })),
  prices: z.array(z.strictObject({ flower: z.string(), last: z.number(), average: z.number(), since: z.string() })),
});
export type StockAnswer = z.infer<typeof stockAnswer>;
