import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '../../../../schema/studio/orders/event';
import { groupByDay, monthWeeks, shownMonth, stepMonth } from './month-grid';
import { calendarSearch } from './events-search';

const event = (id: string, day: string, type: ShopEvent['type'], sum: number): ShopEvent => ({
  id, source: 'admin', title: id, description: '', day, type, sum, data: {}, meta: { author: '79000000003', createdAt: 1 },
});

describe('the calendar month', () => {
  it('lays a month out in weeks that start on Monday', () => {
    // 1 March 2031 is a Saturday; the month has 31 days and spans 6 weeks.
    const weeks = monthWeeks({ month: 3, year: 2031 });
    expect(weeks[0]).toEqual([null, null, null, null, null, '2031-03-01', '2031-03-02']);
    expect(weeks.at(-1)).toEqual(['2031-03-31', null, null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks({ month: 2, year: 2027 }).map((w) => w[0])).toEqual(['2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22']);
  });

  it('moves across the new year and falls back to today on a malformed address', () => {
    expect(stepMonth({ month: 12, year: 2031 }, 1)).toEqual({ month: 1, year: 2032 });
    expect(stepMonth({ month: 1, year: 2031 }, -1)).toEqual({ month: 12, year: 2030 });
    const now = new Date('2031-05-31T22:30:00Z'); // already 1 June in Moscow
    expect(shownMonth(calendarSearch.parse({ month: 13, year: 'x' }), now)).toEqual({ month: 6, year: 2031 });
  });

  it('groups events by day with a count, a sum and the types in the spec order', () => {
    const days = groupByDay([event('a', '2031-03-08', 'sell', 3000), event('b', '2031-03-08', 'order', 5500), event('c', '2031-03-09', 'birthday', 0)]);
    expect(days.get('2031-03-08')).toMatchObject({ count: 2, sum: 8500, types: ['order', 'sell'] });
    expect(days.get('2031-03-09')).toMatchObject({ count: 1, sum: 0, types: ['birthday'] });
  });
});
