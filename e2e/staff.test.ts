import { describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { maskedPhone } from '../schema/shared/phone';
import type { User } from '../schema/shared/user';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';

/**
 * /admin/staff (issue 20, item 3), two browsers: an admin at her computer, a florist with the dashboard open on her
 * phone. The admin marks the florist's work day, which the florist's dashboard names; then removes her, and the
 * florist's open tab is signed out at once: no user left on the device, the next request a guest's.
 */
describe('staff', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('an admin marks a florist’s work day and then removes her: the florist’s open tab is signed out', async () => {
    const { shop } = journey();
    const adminContext = await contextAs(journey(), demoPhones.admin);
    const floristContext = await contextAs(journey(), demoPhones.florist, phoneViewport);
    const floristCookie = (await floristContext.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

    const florist = await floristContext.newPage();
    const floristErrors = watchErrors(florist);
    const stream = florist.waitForRequest((r) => r.url().includes('/api/sync/stream') && r.url().includes('db=office'));
    await florist.goto('/admin');
    await florist.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await stream;

    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto('/admin/staff');
    const row = admin.locator(`tr[data-phone="${demoPhones.florist}"]`);
    await row.waitFor();
    // She signed in (her context did): the admin sees when.
    expect(await row.getByRole('cell').nth(2).innerText()).not.toContain('ещё не входил');

    await admin.getByRole('region', { name: 'Рабочие дни' }).getByLabel('Ольга Флористова').check();
    await florist.getByText('Сегодня работают: Ольга Флористова').waitFor({ timeout: 30_000 });

    await row.getByRole('button', { name: 'Удалить' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.locator('.staff-log').getByText(/Анна Админова удалил\(а\) Ольга Флористова/).waitFor();

    // Her tab is told and starts over as a guest: nobody on the device, no phone in the header.
    await waitFor('the florist signed out', async () => new URL(florist.url()).pathname === '/' && (await florist.evaluate(() => localStorage.getItem('shop:user'))) === null);
    await florist.locator('header').waitFor();
    expect(await florist.locator('header').innerText()).not.toContain(maskedPhone(demoPhones.florist));
    expect((await call<{ user: User | null }>(shop.url, '/api/user', undefined, floristCookie, 'GET')).body.user).toBeNull();
    expect((await fetch(`${shop.url}/db/office/_changes`, { headers: { cookie: floristCookie } })).status).toBe(401);
    // /admin is no longer hers.
    await florist.goto('/admin');
    await waitFor('/admin asks to sign in', async () => !new URL(florist.url()).pathname.startsWith('/admin') || (await florist.getByText('Недостаточно прав').count()) > 0);

    // Signing in again she is a customer.
    const again = await signIn(shop.url, demoPhones.florist);
    expect((await call<{ user: User | null }>(shop.url, '/api/user', undefined, again, 'GET')).body.user?.roles).toEqual([]);
    expect(adminErrors).toEqual([]);
    expect(floristErrors.filter((e) => !/\b40[13]\b|Failed to load resource/.test(e))).toEqual([]);
  });
});
