import { describe, expect, it } from 'vitest';
import { boardDays, boardSearch } from './board-search';
import { clientNote, counterSales, filterOrders, groupBySlot, matchesText, statusCounts } from './board-orders';
import { sampleOrder } from '../../../data/sample-orders';

const day = '2026-11-24';

describe('the board’s address', () => {
  it('keeps valid filters and drops malformed ones instead of failing the screen', () => {
    expect(boardSearch.parse({ from: day, status: 'ready', paid: 'paid', source: 'phone', q: 'Анна' })).toEqual({ from: day, status: 'ready', paid: 'paid', source: 'phone', q: 'Анна' });
    expect(boardSearch.parse({ from: '2026-02-30', status: 'lost', paid: 'maybe', source: 'Fax!' })).toEqual({});
    // A source an admin added on /admin/refs is a filter like any other.
    expect(boardSearch.parse({ source: 'telegram' })).toEqual({ source: 'telegram' });
    // The router reads `?q=1042` as a number.
    expect(boardSearch.parse({ q: 1042, florist: 79001234567 })).toEqual({ q: '1042', florist: '79001234567' });
  });

  it('shows today without days, one day for one end, and a range the right way round', () => {
    const now = new Date('2026-11-23T22:30:00Z'); // already the 24th in Moscow
    expect(boardDays({}, now)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(boardDays({ to: '2026-11-26' }, now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(boardDays({ from: '2026-11-28', to: '2026-11-25' }, now)).toEqual({ from: '2026-11-25', to: '2026-11-28' });
  });
});

describe('grouping the day', () => {
  it('groups by day and slot in time order, orders in a slot by number', () => {
    const orders = [
      sampleOrder(1, day, { slot: '18:00–21:00', number: 7 }),
      sampleOrder(2, day, { slot: '09:00–12:00', number: 9 }),
      sampleOrder(3, '2026-11-23', { slot: '21:00–23:00', number: 3 }),
      sampleOrder(4, day, { slot: '09:00–12:00', number: 4 }),
    ];
    const groups = groupBySlot(orders);
    expect(groups.map((g) => g.key)).toEqual(['2026-11-23 21:00–23:00', `${day} 09:00–12:00`, `${day} 18:00–21:00`]);
    expect(groups[1].orders.map((o) => o.number)).toEqual([4, 9]);
  });

  it('puts the counter’s sales after the day’s slots, under «Продажи в студии», not in the slot they were stored with', () => {
    const counter = { source: 'showcase', delivery: { method: 'pickup' as const } };
    const orders = [
      sampleOrder(1, day, { ...counter, slot: '09:00–12:00', number: 11 }),
      sampleOrder(2, day, { slot: '18:00–21:00', number: 7 }),
      sampleOrder(3, day, { slot: '09:00–12:00', number: 9 }),
      sampleOrder(4, day, { ...counter, slot: '09:00–12:00', number: 10 }),
    ];
    const groups = groupBySlot(orders);
    expect(groups.map((g) => [g.title, g.orders.map((o) => o.number)])).toEqual([['09:00–12:00', [9]], ['18:00–21:00', [7]], [counterSales, [10, 11]]]);
  });

  it('counts every status, zeros included', () => {
    const counts = statusCounts([sampleOrder(0, day, { status: 'new' }), sampleOrder(1, day, { status: 'new' }), sampleOrder(2, day, { status: 'ready' })]);
    expect(counts).toEqual({ new: 2, confirmed: 0, assembling: 0, ready: 1, delivering: 0, done: 0, cancelled: 0 });
  });
});

describe('filtering the day', () => {
  const a = sampleOrder(1, day, { status: 'new', paid: { status: 'paid' }, florist: '79000000001', courier: 'courier-petr-01', source: 'site' });
  const b = sampleOrder(2, day, { status: 'ready', paid: undefined, florist: undefined, courier: undefined, source: undefined });
  const c = sampleOrder(3, day, { status: 'ready', paid: { status: 'unpaid' }, florist: '79000000002', source: 'phone' });
  const all = [a, b, c];
  const ids = (f: Parameters<typeof filterOrders>[1]) => filterOrders(all, f).map((o) => o.id);

  it('by status, payment (absent reads as unpaid), source (absent reads as site)', () => {
    expect(ids({ status: 'ready' })).toEqual([b.id, c.id]);
    expect(ids({ paid: 'unpaid' })).toEqual([b.id, c.id]);
    expect(ids({ source: 'site' })).toEqual([a.id, b.id]);
    expect(ids({ status: 'ready', paid: 'unpaid', source: 'phone' })).toEqual([c.id]);
  });

  it('by florist and courier, or those without one', () => {
    expect(ids({ florist: '79000000002' })).toEqual([c.id]);
    expect(ids({ florist: 'none' })).toEqual([b.id]);
    expect(ids({ courier: 'courier-petr-01' })).toEqual([a.id]);
    expect(ids({ courier: 'none' })).toEqual([b.id, c.id]);
  });

  it('by number, by phone however typed, by a name of sender or recipient', () => {
    const o = sampleOrder(5, day, { number: 1042, sender: { name: 'Анна Смирнова', phone: '79161234567' }, recipient: { name: 'Ольга Петрова', phone: '79267654321' } });
    expect(matchesText(o, '1042')).toBe(true);
    expect(matchesText(o, '№1042')).toBe(true);
    expect(matchesText(o, '104')).toBe(false);
    expect(matchesText(o, '+7 (916) 123-45-67')).toBe(true);
    expect(matchesText(o, '8 926 765')).toBe(true);
    expect(matchesText(o, '4321')).toBe(true);
    expect(matchesText(o, 'петрова')).toBe(true);
    expect(matchesText(o, 'Смирн')).toBe(true);
    expect(matchesText(o, 'Иванова')).toBe(false);
    expect(matchesText(o, '  ')).toBe(true);
  });

  it('marks a client’s note, not an empty one', () => {
    expect(clientNote(sampleOrder(1, day, { comment: 'Позвонить за час' }))).toBe('Позвонить за час');
    expect(clientNote(sampleOrder(1, day, { comment: '  ' }))).toBeNull();
  });
});
