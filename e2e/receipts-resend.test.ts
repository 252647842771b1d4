import { describe, expect, it } from 'vitest';
import { orderNo } from '../schema/studio/orders/order-number';
import { noStudioRegister, type Receipt } from '../schema/studio/receipts/receipt';
import type { ShopConfig } from '../server/config';
import { upsert } from '../server/db/docs';
import { readReceiptSettings, receiptOf, receiptsDb } from '../server/receipts/receipts';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { openStaffScreen } from './admin-journeys';
import { holdRequest } from './journeys';

/**
 * Issue 30 in Chromium: the receipts settings keep what the admin types while a save is on its way (the answer used to
 * redraw every field), and /admin/documents sends a receipt that failed for want of a register again («Отправить снова»).
 */
describe('receipts settings typed during a save, a failed receipt sent again', () => {
  const settings: Partial<ShopConfig> = { receiptsEveryMs: 200 };
  const journey = journeyPerFile(settings, { serviceWorker: false });

  it('a field typed in while the save is on its way keeps the typed text; the rest shows what was saved', async () => {
    const { shop } = journey();
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.admin, '/admin/settings', { name: 'Настройки', level: 1 });
    const form = page.getByRole('form', { name: 'Чеки' });
    await form.locator('input[name="inn"]').waitFor();
    // The save is held at the browser until the admin has typed on.
    const held = await holdRequest(page, '**/api/settings/receipts-update');
    await form.locator('input[name="inn"]').fill('7700000001');
    await form.getByRole('button', { name: 'Сохранить настройки чеков' }).click();
    await held.atServer;
    await form.locator('input[name="receipt-email"]').fill('studio@example.ru');
    held.release();
    await page.getByText('Настройки чеков сохранены').waitFor();
    expect(await form.locator('input[name="receipt-email"]').inputValue()).toBe('studio@example.ru');
    expect(await form.locator('input[name="inn"]').inputValue()).toBe('7700000001');
    // Only what was sent is stored; the typed email goes with the next save.
    expect(await readReceiptSettings(shop.shop.storage)).toMatchObject({ inn: '7700000001', email: 'shop@example.ru' });
    await page.unroute('**/api/settings/receipts-update');
    await form.getByRole('button', { name: 'Сохранить настройки чеков' }).click();
    await expect.poll(async () => (await readReceiptSettings(shop.shop.storage)).email).toBe('studio@example.ru');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the admin sends again a receipt that failed for want of a register; it goes back to the queue', async () => {
    const { shop } = journey();
    const at = Date.now();
    const id = 'receipt:sale:order-resend-journey:pay-1';
    const failed: Omit<Receipt, 'id'> = {
      content: {
        kind: 'sale', order: 'order-resend-journey', number: 4242, mode: 'full_payment', payment: 'cash', total: 150000, customer: { email: 'shop@example.ru' }, taxSystem: 'usn_income',
        items: [{ name: 'Букет', price: 150000, quantity: 1, sum: 150000, object: 'commodity', vat: 'none' }], company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' },
      },
      state: 'failed', reason: noStudioRegister, createdAt: at, updatedAt: at, tries: 0, nextAt: at, noDocument: true,
    };
    await upsert<Omit<Receipt, 'id'>>(shop.shop.storage.db(receiptsDb), id, () => failed);
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.admin, '/admin/documents', { name: 'Документы', level: 1 });
    const item = page.getByRole('list', { name: 'Чеки' }).getByRole('listitem').filter({ hasText: orderNo(4242) });
    await item.filter({ hasText: noStudioRegister }).waitFor();
    await item.getByRole('button', { name: 'Отправить снова' }).click();
    // No register is set up here: it waits in the queue, and the button is gone.
    await item.filter({ hasText: 'Чек в очереди' }).waitFor();
    expect(await item.getByRole('button', { name: 'Отправить снова' }).count()).toBe(0);
    const doc = await shop.shop.storage.db(receiptsDb).get(id);
    expect(receiptOf(doc)?.state).toBe('queued');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
