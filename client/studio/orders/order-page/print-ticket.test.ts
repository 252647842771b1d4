import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../schema/studio/orders/order';
import { collectLine, ticketLines } from './print-ticket';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the florist’s ticket', () => {
  const lines = [
    { id: 'p-001', art: 'B-001', name: 'Прованс', count: 1, price: 4990, sum: 4990 },
    { id: 'p-002', art: 'L-002', name: 'Буква', letterSize: 'L', count: 2, price: 1500, sum: 3000 },
  ] as Order['lines'];

  it('carries each bouquet’s recipe from the catalogue', () => {
    const products = new Map([['p-001', { composition: 'Роза пионовидная 7, эвкалипт 3, лента' }]]);
    expect(ticketLines({ lines }, products)).toEqual([
      { key: 'p-001-', text: 'Прованс — 1 шт. (B-001)', composition: 'Роза пионовидная 7, эвкалипт 3, лента' },
      { key: 'p-002-L', text: 'Буква (L) — 2 шт. (L-002)', composition: '' },
    ]);
  });

  it('says what to collect on delivery or at pickup, or that it is paid', () => {
    const courier = { method: 'courier', address: 'Москва, ул. Тверская, 1' } as const;
    expect(nbsp(collectLine({ total: 7990, delivery: courier }))).toBe('Получить при доставке: 7 990 ₽');
    expect(nbsp(collectLine({ total: 7990, paid: { status: 'paid', method: 'cash', amount: 1990 }, delivery: { method: 'pickup' } }))).toBe('Получить при выдаче: 6 000 ₽');
    expect(collectLine({ total: 7990, paid: { status: 'paid', method: 'card', amount: 7990 }, delivery: courier })).toBe('Оплачен полностью');
  });
});
