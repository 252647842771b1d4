import type { ShopEvent } from '../../schema/studio/orders/event';
import { workdayEventId, type WorkdayRequest } from '../../schema/studio/team/staff';
import { isStaff, type User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { removeDoc, upsert } from '../db/docs';
import { toSynced } from '../db/synced';
import { notFound } from '../http/errors';

/**
 * Work days (issue 20, item 3): who works which day is a «Рабочий день» event (type `workday`) in the calendar's
 * `events` database, one per person and day (`workday-{day}-{phone}`), titled with the person's name and carrying
 * their phone in `data.phone`. Staff devices pull it with the calendar, so the calendar and the dashboard show it
 * offline too. Signed by whoever marked it (a manager or an admin), as the events rule signs a push.
 */
export const workdays = (shop: Shop) => {
  const events = shop.storage.db('events');
  return {
    /** Takes a person off every day from `from` on (they were removed from the staff); earlier days stay as worked. */
    async dropFrom(phone: string, from: string): Promise<void> {
      const { rows } = await events.allDocs({ startkey: 'workday-', endkey: 'workday-\ufff0' });
      const theirs = rows.filter((r) => r.id.endsWith(`-${phone}`) && r.id.slice('workday-'.length, 'workday-'.length + 10) >= from);
      await Promise.all(theirs.map((r) => removeDoc(events, r.id)));
    },
    async mark(by: User, { phone, day, works }: WorkdayRequest): Promise<ShopEvent | null> {
      const id = workdayEventId(day, phone);
      if (!works) {
        await removeDoc(events, id);
        return null;
      }
      const person = await shop.users.get(phone);
      if (!person || !isStaff(person)) throw notFound('Такого сотрудника нет: сначала добавьте его в «Сотрудники»');
      const event: ShopEvent = {
        id,
        source: 'staff',
        title: person.name || phone,
        description: '',
        day,
        type: 'workday',
        sum: 0,
        data: { phone },
        meta: { author: by.phone, createdAt: Date.now() },
      };
      // Marked again (a renamed person): the title follows, the first signature stays.
      await upsert<Omit<ShopEvent, 'id'>>(events, id, (c) => (c && c.title === event.title ? null : toSynced({ ...event, meta: c?.meta ?? event.meta })));
      return event;
    },
  };
};
