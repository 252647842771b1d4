import { describe, expect, it } from 'vitest';
import { eventText, eventTypeLabel } from './event-line';

describe('an event on the dashboard', () => {
  it('does not repeat its type: «Заказ» and «№ 1», never «Заказ Заказ №1»', () => {
    const order = { type: 'order', title: 'Заказ №\u00a01' } as const;
    expect(`${eventTypeLabel(order)} ${eventText(order)}`).toBe('Заказ №\u00a01');
    expect(eventText({ type: 'order', title: 'Заказ №1' })).toBe('№\u00a01');
  });
  it('keeps other titles as they are', () => {
    expect(eventText({ type: 'event', title: 'Закрытие смены' })).toBe('Закрытие смены');
    expect(eventText({ type: 'sell', title: 'Заказ букета' })).toBe('Заказ букета');
    expect(eventText({ type: 'order', title: 'Заказ' })).toBe('Заказ');
  });
});
