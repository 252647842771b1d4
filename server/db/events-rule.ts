import { eventInput, isQuickClose, serverOwnedEvent as serverOwned, shopEvent, type EventInput, type ShopEvent } from '../../schema/studio/orders/event';
import { writtenAt } from '../../schema/shared/fact-day';
import { isAdmin } from '../../schema/shared/user';
import { receiptsLimit, type UnregisteredSummary } from '../../schema/studio/receipts/receipt';
import { shiftCloseDayIssue } from '../days/rules';
import { refuse, refuseInvalid, tombstone, type PushRule, type StoredDoc } from './push-rule';
import { toSynced } from './synced';

/** The stored event's signature, as it was stamped; an unreadable one is kept as far as it can be read. */
const metaOf = (existing: StoredDoc): ShopEvent['meta'] => {
  const meta = shopEvent.shape.meta.safeParse(existing.meta);
  if (meta.success) return meta.data;
  const author = (existing.meta as { author?: unknown } | undefined)?.author;
  return { author: typeof author === 'string' ? author : '', createdAt: 0 };
};

/**
 * Why a quick close (schema/studio/orders/event.ts `isQuickClose`) may not take its day: the full close's rule and words
 * (server/days/rules.ts), a shift only today or, until 06:00 Moscow, yesterday. Judged when an event becomes a close or
 * its day changes, so a retried push or a corrected sum is not judged again. On /api by the server's clock; a new event
 * pushed by a device by when the device wrote it (its `meta.createdAt`, capped as an office push's `updatedAt` is), so a
 * close made offline at 23:50 and pushed in the morning is kept. An edit pushed later is judged by the server's clock:
 * the signature it carries is the first write's.
 */
const closeDayIssue = (event: EventInput, given: ShopEvent['meta'] | undefined, existing: StoredDoc | null, path: 'api' | 'push', now: number, receipts: UnregisteredSummary | null): string | undefined => {
  if (!isQuickClose(event) || (existing && isQuickClose({ title: existing.title }) && existing.day === event.day)) return undefined;
  const at = path === 'push' && !existing && given ? writtenAt(given.createdAt, now) : now;
  // The receipts' legal limit (schema/studio/receipts/receipt.ts), as the full close's rule (server/receipts/rules.ts) judges it.
  return shiftCloseDayIssue(event.day, at) ?? receiptsLimit(receipts, at).block;
};

/**
 * Calendar events (`events`), pushed by staff devices (`path` 'push') and written through /api/events ('api'); `clock`
 * is the server's (tests set the books' clock, ShopConfig.booksClock).
 * - The server signs: a new event gets the session's phone as `meta.author` and the server's time as `meta.createdAt`;
 *   an edit keeps the stored signature. A different author in the document is refused as a forgery
 *   (an empty or missing one is simply signed).
 * - A florist or manager changes and deletes only their own events; an admin may correct anyone's.
 *   Nobody changes or deletes the server's order events, nor creates one.
 * - A quick close of a shift is dated as the full close is, and refused past the receipts' legal limit (`closeDayIssue`;
 *   `receipts`: the unregistered receipts, read by the caller when a document may become a close).
 * - A deletion is checked like an edit and stored as a bare tombstone.
 */
export const eventsRule = (path: 'api' | 'push', clock: () => number = Date.now, receipts: UnregisteredSummary | null = null): PushRule => (user, incoming, existing) => {
  if (existing) {
    if (serverOwned(existing._id, existing.source)) return refuse('Это событие заказа ведёт сервер: изменить или удалить его нельзя');
    if (metaOf(existing).author !== user.phone && !isAdmin(user)) {
      return refuse('Это событие записал другой сотрудник: изменить или удалить его может автор или администратор');
    }
  }
  if (incoming._deleted) return { ok: true, doc: tombstone() };
  const { _id, _deleted, ...fields } = incoming;
  const parsed = eventInput.safeParse({ ...fields, id: _id });
  if (!parsed.success) return refuseInvalid(parsed.error.issues[0]?.message ?? 'Неверные данные события');
  const { meta: given, ...event } = parsed.data;
  if (serverOwned(_id, event.source)) return refuse('События заказов записывает только сервер');
  const meta = existing ? metaOf(existing) : { author: user.phone, createdAt: Date.now() };
  if (given?.author && given.author !== meta.author) {
    return refuse('Событие подписано другим сотрудником: автора записывает сервер по вашему входу');
  }
  const dayIssue = closeDayIssue(event, given, existing, path, clock(), receipts);
  if (dayIssue) return refuseInvalid(dayIssue);
  return { ok: true, doc: toSynced({ ...event, id: _id, meta }) };
};
