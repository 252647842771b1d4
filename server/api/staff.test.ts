import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMember } from '../../schema/shared/user';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

describe('/api/staff/list', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('names the staff, as their user records have them now, to staff only; no customer is listed', async () => {
    const customer = await signIn(shop.url, '79440000901');
    const florist = await signIn(shop.url, demoPhones.florist);
    const list = async (cookie: string) => call<{ data: { items: StaffMember[] } }>(shop.url, '/api/staff/list', {}, cookie);
    expect((await list(customer)).status).toBe(403);
    const before = (await list(florist)).body.data.items;
    expect(before).toContainEqual({ phone: demoPhones.florist, name: 'Ольга Флористова' });
    expect(before.map((s) => s.phone)).not.toContain('79440000901');
    // A name changed in the user record is the name shown from then on.
    expect((await call(shop.url, '/api/user-update', { name: 'Ольга Цветкова' }, florist)).status).toBe(200);
    expect((await list(florist)).body.data.items).toContainEqual({ phone: demoPhones.florist, name: 'Ольга Цветкова' });
  });
});
