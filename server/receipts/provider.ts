import type { Receipt, ReceiptContent } from '../../schema/studio/receipts/receipt';

/** What a provider answered a send or a poll with. `retry`: not taken (a timeout, a 5xx, the provider away): try later. */
export type ProviderAnswer =
  | { kind: 'sent'; uuid: string }
  | { kind: 'registered'; uuid: string; fiscal: NonNullable<Receipt['fiscal']> }
  /** `noDocument`: the provider refused the send itself and keeps nothing under the id (schema `resendIssue`). */
  | { kind: 'refused'; reason: string; noDocument?: true }
  | { kind: 'retry'; reason: string };

/**
 * Where receipts go (issue 30, item 3): ATOL Online v5 (server/receipts/atol.ts) or YooKassa's receipts
 * (server/receipts/yookassa-receipts.ts). `send` carries the receipt's id as its external id / idempotence key: a
 * resend of the same id is the same document at the provider.
 */
export interface ReceiptProvider {
  name: string;
  /** The register on the counter, which a staff device prints to itself while the server is away (schema/studio/receipts/counter-print.ts). */
  devicePrints?: boolean;
  /** `made.refund`: YooKassa's refund that made this refund receipt (it is read, never sent: `content.inPayment`). */
  send(id: string, content: ReceiptContent, made?: { refund?: string }): Promise<ProviderAnswer>;
  report(uuid: string): Promise<ProviderAnswer | { kind: 'wait' }>;
}

/** A failed fetch: the provider did not answer in time or at all. */
export const unreachable = (e: unknown): ProviderAnswer => ({
  kind: 'retry',
  reason: e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError') ? 'касса не ответила вовремя' : 'касса недоступна',
});

export const rub = (kopecks: number): number => Math.round(kopecks) / 100;
