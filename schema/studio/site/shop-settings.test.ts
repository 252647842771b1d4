import { describe, expect, it } from 'vitest';
import { deliveryCost, draftLimitIssues, firstDeliveryDay, lastDeliveryDay, openSlots } from '../orders/order';
import { defaultShopSettings, shopSettings, type ShopSettings } from './shop-settings';
import { settingsProblems } from './shop-settings-update';

/** A Moscow wall-clock time as a Date. */
const at = (local: string) => new Date(`${local}:00+03:00`);
const with_ = (part: Partial<ShopSettings>): ShopSettings => ({ ...defaultShopSettings, ...part });

describe('the shop settings in the order rules (schema/studio/orders/order.ts)', () => {
  it('prices delivery by the set price and threshold', () => {
    const s = with_({ deliveryPrice: 650, freeDeliveryFrom: 3000 });
    expect(deliveryCost('courier', 2999, s)).toBe(650);
    expect(deliveryCost('courier', 3000, s)).toBe(0);
    expect(deliveryCost('pickup', 100, s)).toBe(0);
    expect(deliveryCost('courier', 100, with_({ freeDeliveryFrom: 0 }))).toBe(0);
  });

  it('opens the set slots in time order, with the set lead time, never on a closed day', () => {
    const s = with_({ slots: ['14:00–20:00', '10:00–14:00'], leadMinutes: 60, closedDays: ['2026-11-25'] });
    expect(openSlots('2026-11-24', at('2026-11-23T12:00'), s)).toEqual(['10:00–14:00', '14:00–20:00']);
    expect(openSlots('2026-11-23', at('2026-11-23T12:59'), s)).toEqual(['10:00–14:00', '14:00–20:00']);
    expect(openSlots('2026-11-23', at('2026-11-23T13:01'), s)).toEqual(['14:00–20:00']);
    expect(openSlots('2026-11-25', at('2026-11-23T12:00'), s)).toEqual([]);
    // Today is over and tomorrow closed: the first day is the one after.
    expect(firstDeliveryDay(at('2026-11-24T19:30'), s)).toBe('2026-11-26');
  });

  it('limits units and days ahead by the settings', () => {
    const s = with_({ maxUnitsPerProduct: 3, bookingDays: 5 });
    expect(lastDeliveryDay(at('2026-11-23T12:00'), s)).toBe('2026-11-28');
    const issues = draftLimitIssues({ lines: [{ id: 'a', count: 4 }], date: '2026-11-29' }, at('2026-11-23T12:00'), s);
    expect(issues.map((i) => i.message)).toEqual([expect.stringContaining('Не больше 3 шт.'), expect.stringContaining('5 дней')]);
  });
});

describe('settingsProblems', () => {
  it('accepts the defaults and refuses settings that leave no open slot', () => {
    const now = at('2026-11-23T12:00');
    expect(settingsProblems(defaultShopSettings, now)).toEqual([]);
    expect(settingsProblems(with_({ slots: [] }), now).map((p) => p.path)).toEqual(['slots']);
    expect(settingsProblems(with_({ slots: ['12:00–09:00'] }), now)[0].message).toMatch(/раньше, чем начинается/);
    expect(settingsProblems(with_({ slots: ['09:00–12:00', '09:00–12:00'] }), now)[0].message).toMatch(/повторяются/);
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
    expect(settingsProblems(with_({ bookingDays: 3, closedDays: week }), now).map((p) => p.path)).toEqual(['closedDays']);
    expect(settingsProblems(with_({ bookingDays: 4, closedDays: week }), now)).toEqual([]);
  });

  it('says in Russian what a field may not hold', () => {
    const issues = shopSettings.safeParse(with_({ deliveryPrice: -1, leadMinutes: Number.NaN, closedDays: ['2026-02-30'] })).error?.issues ?? [];
    expect(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      deliveryPrice: 'Стоимость доставки не может быть меньше нуля',
      leadMinutes: 'Время на сборку перед интервалом, минут: укажите число',
      'closedDays.0': 'Такой даты нет',
    });
  });
});
