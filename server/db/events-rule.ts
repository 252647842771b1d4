import { eventInput, serverOwnedEvent as serverOwned, shopEvent, type ShopEvent } from '../../schema/event';
import { isAdmin } from '../../schema/user';
import { refuse, tombstone, type PushRule, type StoredDoc } from './push-rule';
import { toSynced } from './synced';


/** The stored event's signature, as it was stamped; an unreadable one is kept as far as it can be read. */
const metaOf = (existing: StoredDoc): ShopEvent['meta'] => {
  const meta = shopEvent.shape.meta.safeParse(existing.meta);
  if (meta.success) return meta.data;
  const author = (existing.meta as { author?: unknown } | undefined)?.author;
  return { author: typeof author === 'string' ? author : '', createdAt: 0 };
};

/**
 * Calendar events (`events`), pushed by staff devices and written through /api/events.
 * - The server signs: a new event gets the session's phone as `meta.author` and the server's time as `meta.createdAt`;
 *   an edit keeps the stored signature. A different author in the document is refused as a forgery
 *   (an empty or missing one is simply signed).
 * - A florist or manager changes and deletes only their own events; an admin may correct anyone's.
 *   Nobody changes or deletes the server's order events, nor creates one.
 * - A deletion is checked like an edit and stored as a bare tombstone.
 */
export const eventsRule: PushRule = (user, incoming, existing) => {
  if (existing) {
    if (serverOwned(existing._id, existing.source)) return refuse('Это событие заказа ведёт сервер: изменить или удалить его нельзя');
    if (metaOf(existing).author !== user.phone && !isAdmin(user)) {
      return refuse('Это событие записал другой сотрудник: изменить или удалить его может автор или администратор');
    }
  }
  if (incoming._deleted) return { ok: true, doc: tombstone() };
  const { _id, _deleted, ...fields } = incoming;
  const parsed = eventInput.safeParse({ ...fields, id: _id });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Неверные данные события');
  const { meta: given, ...event } = parsed.data;
  if (serverOwned(_id, event.source)) return refuse('События заказов записывает только сервер');
  const meta = existing ? metaOf(existing) : { author: user.phone, createdAt: Date.now() };
  if (given?.author && given.author !== meta.author) {
    return refuse('Событие подписано другим сотрудником: автора записывает сервер по вашему входу');
  }
  return { ok: true, doc: toSynced({ ...event, id: _id, meta }) };
};
