import crypto from 'node:crypto';
import { Router } from 'express';
import { eventDelete, eventsListQuery, shopEvent, type ShopEvent } from '../../schema/event';
import type { Shop } from '../context';
import { getDoc, removeDoc } from '../db/docs';
import { allSynced, putSynced } from '../db/synced';
import { notFound } from '../http/errors';
import { parse } from '../http/parse';
import { route } from '../http/route';

/** The calendar: events of a month, grouped by the client; staff also write them offline through /db/events. */
export const eventsApi = (shop: Shop): Router => {
  const api = Router();
  const events = shop.storage.db('events');

  route(api, 'POST /api/events/list', async (req) => {
    const { month, year } = parse(eventsListQuery, req.body);
    const prefix = `${year}-${String(month).padStart(2, '0')}-`;
    return (await allSynced<ShopEvent>(events)).filter((e) => e.day.startsWith(prefix)).sort((a, b) => a.day.localeCompare(b.day));
  });

  // Without an id it creates the event and the answer carries the id given (spec §7, as the record API does).
  const eventInput = shopEvent.extend({ id: shopEvent.shape.id.optional() });
  route(api, 'POST /api/events/update', async (req) => {
    const { id, ...input } = parse(eventInput, req.body);
    const event = { ...input, id: id ?? `event-${crypto.randomUUID()}` };
    await putSynced(events, event);
    return { data: event };
  });

  route(api, 'POST /api/events/delete', async (req) => {
    const { id } = parse(eventDelete, req.body);
    if (!(await getDoc(events, id))) throw notFound('Событие не найдено');
    await removeDoc(events, id);
    return { ok: true };
  });

  return api;
};
