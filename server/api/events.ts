import crypto from 'node:crypto';
import { Router } from 'express';
import { storedEvent } from '../../schema/shared/api-contract';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { getDoc, stripMeta, upsert, type Stored } from '../db/docs';
import { eventsOfMonth } from '../db/calendar-index';
import { eventsRule } from '../db/events-rule';
import type { PushedDoc, PushRule, StoredDoc } from '../db/push-rule';
import { forbidden, HttpError, notFound, unauthorized } from '../http/errors';
import { route } from '../http/route';
import { unregisteredOf } from '../receipts/receipts';
import { isQuickClose } from '../../schema/studio/orders/event';

const storedOf = (doc: Stored<object> | null): StoredDoc | null => doc && { ...stripMeta(doc), _id: doc._id };

/** The same rule as a push through /db/events: a refusal is a 403 with the rule's reason, or a 400 for what the event says (its day). */
const checker = (rule: PushRule) => (user: User | null, incoming: PushedDoc, current: Stored<object> | null) => {
  if (!user) throw unauthorized();
  const verdict = rule(user, incoming, storedOf(current));
  if (!verdict.ok) throw verdict.invalid ? new HttpError(400, verdict.reason) : forbidden(verdict.reason);
  return verdict.doc;
};

/** The calendar: events of a month, grouped by the client; staff also write them offline through /db/events. */
export const eventsApi = (shop: Shop): Router => {
  const api = Router();
  const events = shop.storage.db('events');
  const checked = checker(eventsRule('api', shop.config.booksClock));

  route(api, 'POST /api/events/list', async ({ body }) => {
    // Only the month asked for, through the view by day (server/db/calendar-index.ts), in the order of days.
    return eventsOfMonth(events, body);
  });

  // Without an id it creates the event and the answer carries the id given (spec §7, as the record API does);
  // without `meta` the rule signs it from the session, as it signs every event.
  route(api, 'POST /api/events/update', async ({ body, res }) => {
    const { id: given, ...input } = body;
    const id = given ?? `event-${crypto.randomUUID()}`;
    // The receipts' legal limit is read only for what may become a quick close of a shift.
    const receipts = isQuickClose(input) ? await unregisteredOf(shop.storage) : null;
    const rule = receipts ? checker(eventsRule('api', shop.config.booksClock, receipts)) : checked;
    const stored = await upsert<object>(events, id, (current) => rule(res.locals.user, { ...input, _id: id }, current));
    // What the rule signed and stored, read back by the contract's own shape.
    return { data: storedEvent.parse({ ...stored, id }) };
  });

  route(api, 'POST /api/events/delete', async ({ body, res }) => {
    const { id } = body;
    const current = await getDoc(events, id);
    if (!current?._rev) throw notFound('Событие не найдено');
    checked(res.locals.user, { _id: id, _deleted: true }, current);
    await events.remove(id, current._rev);
    return { ok: true };
  });

  return api;
};
