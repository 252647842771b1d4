import { describe, expect, it } from 'vitest';
import { onlineRefundNote, type OnlinePayment } from './online-payment';

const online = (status: OnlinePayment['status']): OnlinePayment => ({ method: 'bank_card', payment: 'p-1', tries: 1, status, until: 0 });

describe('what /my says of an online payment going back (issue 30)', () => {
  it('a cancelled order YooKassa was paid for, or one the studio had already been paid for', () => {
    // Refunded after the cancellation: `paid` is down to nothing, the online payment stays «paid».
    expect(onlineRefundNote({ status: 'cancelled', online: online('paid'), paid: { status: 'unpaid', method: 'online' } })).toMatch(/^Заказ отменён: оплата онлайн возвращается через ЮKassa/);
    expect(onlineRefundNote({ status: 'ready', online: online('paid'), paid: { status: 'paid', method: 'cash' } })).toMatch(/^Заказ уже был оплачен в студии: оплата онлайн возвращается через ЮKassa/);
  });

  it('nothing for an order paid online and kept, one never paid online, or one cancelled before any payment', () => {
    expect(onlineRefundNote({ status: 'ready', online: online('paid'), paid: { status: 'paid', method: 'online' } })).toBeNull();
    expect(onlineRefundNote({ status: 'cancelled', online: online('failed') })).toBeNull();
    expect(onlineRefundNote({ status: 'cancelled', paid: { status: 'paid', method: 'cash' } })).toBeNull();
  });
});
