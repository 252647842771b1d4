import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { startSmsGatewayStandIn } from '../server/testing/sms-gateway-stand-in';
import { nextDay, today } from '../schema/shared/day';
import { demoProducts } from '../server/seed/products';
import type { Order } from '../schema/studio/orders/order';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { contextAs } from './admin-journeys';
import { waitFor } from './journeys';

const customer = '79990004466';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;
const png1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Issue 30, item 4: the SMS about the bouquet's photo links to the order in /my, and /my shows it there. */
describe('the SMS about the photo', () => {
  // The shop sends due messages ten times a second.
  const journey = journeyPerFile({ noticeEveryMs: 100 }, { serviceWorker: false });
  let gateway: Awaited<ReturnType<typeof startSmsGatewayStandIn>>;
  beforeAll(async () => {
    gateway = await startSmsGatewayStandIn();
  });
  afterAll(() => gateway?.close());

  it('names a link that opens /my at the order, with its photo, on the customer\'s phone; the order\'s page shows staff it was sent', async () => {
    const { shop } = journey();
    // Everyone signs in while codes still go to the demo's log; then the admin sets the SMS gateway.
    const [admin, florist, me] = await Promise.all([demoPhones.admin, demoPhones.florist, customer].map((p) => signIn(shop.url, p)));
    const context = await contextAs(journey(), customer, phoneViewport);
    const studio = await contextAs(journey(), demoPhones.florist, phoneViewport);
    expect((await call(shop.url, '/api/settings/sms-update', { url: gateway.url, token: gateway.token }, admin)).status).toBe(200);

    const draft = {
      id: `sms-journey-${crypto.randomUUID()}`,
      lines: [{ id: product.id, count: 1 }],
      sender: { name: 'Анна', phone: customer },
      recipient: { name: 'Ольга', phone: '79440000009' },
      delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' },
      date: nextDay(today()),
      slot: '12:00–15:00',
      payment: 'cash',
    };
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draft, me);
    expect(placed.status).toBe(200);
    const o = placed.body.data;
    for (const action of [{ kind: 'status', from: 'new', to: 'confirmed' }, { kind: 'photo', image: `data:image/png;base64,${png1x1}` }]) {
      const { status } = await call(shop.url, '/api/orders/command', { id: `sms-journey-${crypto.randomUUID()}`, order: o.id, action }, florist);
      expect(status).toBe(200);
    }
    await waitFor('the photo\'s SMS', async () => gateway.received.some((m) => m.phone === customer && m.text.startsWith('Букет')));
    const sms = gateway.received.find((m) => m.phone === customer && m.text.startsWith('Букет'))!;
    const link = new URL(/ (\S+)$/.exec(sms.text)![1]);
    // Without PUBLIC_ORIGIN the link is this server's own address (the demo's localhost).
    expect([link.port, link.pathname, link.hash]).toEqual([String(shop.port), '/my', `#order-${o.number}`]);

    // The order's page tells the studio what the customer was sent.
    const orderPage = await studio.newPage();
    await orderPage.goto(`/admin/orders/${o.id}`);
    const sent = orderPage.getByRole('region', { name: 'SMS покупателю' });
    await sent.getByText('Фото букета — отправлено').waitFor();
    await sent.getByText('Заказ принят — отправлено').waitFor();
    expect(await orderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneViewport.width);
    await studio.close();

    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${link.pathname}${link.hash}`);
    const line = page.locator(`#order-${o.number}`);
    await line.waitFor();
    await waitFor('the line marked as the one the SMS named', async () => ((await line.getAttribute('class')) ?? '').includes('my-orders__item--named'));
    const photo = line.getByRole('img', { name: 'Фото вашего букета' });
    await photo.waitFor();
    await waitFor('the photo drawn', () => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    // The line is in view on a 360 px phone.
    const box = await line.boundingBox();
    expect(box!.y).toBeLessThan(phoneViewport.height);
    expect(box!.y + 1).toBeGreaterThanOrEqual(0);

    // The same page turns these messages off; the server then sends no more.
    const box2 = page.getByRole('checkbox', { name: /Сообщать по SMS/ });
    await waitFor('the choice read', async () => (await box2.isEnabled()) && (await box2.isChecked()));
    await box2.uncheck();
    await waitFor('the choice saved', async () => (await call<{ data: { sms: boolean } }>(shop.url, '/api/my/sms-get', {}, me)).body.data.sms === false);
    await page.reload();
    await waitFor('the choice shown after a reload', async () => (await box2.isEnabled()) && !(await box2.isChecked()));
    expect(errors).toEqual([]);
    await context.close();
  });
});
