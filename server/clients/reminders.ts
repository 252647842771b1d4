import crypto from 'node:crypto';
import { client, nextOccurrence, yearlyDates } from '../../schema/entities/client';
import { task } from '../../schema/entities/task';
import { today } from '../../schema/shared/day';
import type { ShopEvent } from '../../schema/studio/orders/event';
import { derivedFields, recordData, type OfficeRecord } from '../../schema/shared/record';
import { tierDatabases } from '../../schema/shared/databases';
import { claim } from '../db/claim';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import { tierStore } from '../records/tier-store';
import { readShopSettings } from '../studio/shop-settings';
import { log } from '../ops/log';


const hourMs = 3600_000;

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

const dayLabel = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/**
 * Every client's birthday and important date coming within the settings' `reminderDaysAhead` days (/admin/settings) becomes a «День рождения» event
 * on its day and a task to call the client and offer a bouquet. Ids come from the client, the day and the date's
 * title, and each is written first-writer-wins (server/db/claim.ts): any number of app servers sweeping at once, or
 * the same server every hour, make one event and one task; a task ticked off or deleted is never made again that year
 * (its id is taken). What they carry: the occasion and the client's name, never the phone (DECISIONS «Reminders»).
 * Answers how many events it made.
 */
export const sweepReminders = async (storage: Storage, now = new Date()): Promise<number> => {
  const from = today(now);
  const { reminderDaysAhead } = (await readShopSettings(storage)).settings;
  let made = 0;
  for (const record of await tierStore(storage).all(client.tier, client.type)) {
    const card = recordData(client, record);
    if (!card) continue;
    for (const date of yearlyDates(card)) {
      const on = nextOccurrence(date.date, from);
      if (daysBetween(from, on) > reminderDaysAhead) continue;
      const key = crypto.createHash('sha1').update(`${card.phone}|${on}|${date.title}`).digest('hex').slice(0, 20);
      const who = card.name || 'клиент без имени';
      const occasion = date.recipient && date.recipient !== card.name ? `${date.title} (${date.recipient})` : date.title;
      const event: ShopEvent = {
        id: `remind-${key}`,
        source: 'clients',
        title: `${occasion}: ${who}`,
        description: `Позвонить клиенту и предложить букет к ${dayLabel(on)}`,
        day: on,
        type: 'birthday',
        sum: 0,
        data: {},
        meta: { author: '', createdAt: now.getTime() },
      };
      if (await claim(storage.db('events'), event.id, toSynced(event))) made++;
      const data = task.fields.parse({
        title: `Позвонить: ${who} — ${occasion.toLowerCase()} ${dayLabel(on)}, предложить букет`.slice(0, 200),
        due: daysBetween(from, on) > 1 ? new Date(Date.parse(`${on}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10) : from,
        note: 'Телефон и прошлые заказы — в карточке клиента (Клиенты, поиск по имени)',
      });
      const todo: OfficeRecord = {
        id: `task-remind-${key}`,
        type: 'task',
        ...derivedFields(task, data),
        createdBy: '',
        createdAt: now.getTime(),
        updatedBy: '',
        updatedAt: now.getTime(),
        data,
      };
      await claim(storage.db(tierDatabases[task.tier]), todo.id, toSynced(todo));
    }
  }
  return made;
};

/** At start (awaited) and every hour, on every app server (the ids make it safe). */
export const remindHourly = async (storage: Storage): Promise<() => void> => {
  const run = () => sweepReminders(storage).catch((e: Error) => void log.error({ err: e }, 'reminders sweep failed'));
  await run();
  const timer = setInterval(() => void run(), hourMs);
  timer.unref();
  return () => clearInterval(timer);
};
