import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { ShopEvent } from '../../schema/studio/orders/event';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { defaultShopSettings } from '../../schema/studio/site/shop-settings';
import { sweepReminders } from './reminders';

const { reminderDaysAhead } = defaultShopSettings;

/** An event or a record as stored: both have a type, events a day and title, records data. */
type Stored = Omit<ShopEvent, 'type' | 'data'> & { type: string; data: Record<string, unknown> };

const later = (from: string, days: number) => {
  let d = from;
  for (let i = 0; i < days; i++) d = nextDay(d);
  return d;
};

describe('reminders: clients’ important dates become «День рождения» events and tasks ahead of the date', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  const docs = async (db: string) => (await shop.shop.storage.db(db).allDocs({ include_docs: true })).rows.filter((r) => r.id.includes('remind-')).map((r) => r.doc as unknown as Stored);

  beforeAll(async () => {
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
  });
  afterAll(() => shop.close());

  it('makes one event on the day and one task per coming date, however many servers sweep how often; none for a far date', async () => {
    const from = today();
    const soon = later(from, 3);
    const far = later(from, reminderDaysAhead + 5);
    const saved = await call(shop.url, '/api/clients/update', {
      data: { name: 'Анна Петрова', phone: '79003000001', dates: [{ title: 'День рождения жены', date: soon.slice(5), recipient: 'Ольга' }, { title: 'Годовщина', kind: 'anniversary', date: far.slice(5) }] },
    }, admin);
    expect(saved.status).toBe(200);
    await Promise.all([sweepReminders(shop.shop.storage), sweepReminders(shop.shop.storage), sweepReminders(shop.shop.storage)]);
    await sweepReminders(shop.shop.storage);

    const events = await docs('events');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'birthday', day: soon, title: 'День рождения жены (Ольга): Анна Петрова', source: 'clients' });
    expect(JSON.stringify(events[0])).not.toContain('79003000001');
    const tasks = await docs('office');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ type: 'task', data: expect.objectContaining({ status: 'todo' }) });
    expect(String(tasks[0].data.title)).toContain('Анна Петрова');
    expect(String(tasks[0].data.title)).toContain('предложить букет');

    // A florist's calendar reads it.
    const florist = await signIn(shop.url, demoPhones.florist);
    const listed = await call<{ data: ShopEvent[] | { items: ShopEvent[] } }>(shop.url, '/api/events/list', { month: Number(soon.slice(5, 7)), year: Number(soon.slice(0, 4)) }, florist);
    expect(JSON.stringify(listed.body)).toContain('День рождения жены');
  });
});
