import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { holdRequest, waitFor, waitForOfflineReady } from './journeys';
import { contextAs, outcomeOf } from './admin-journeys';

const newPhone = '+7 (495) 765-43-21';

/**
 * The studio's profile (issue 20, item 4): an admin changes the phone at /admin/profile and the storefront's header
 * shows it, drawn by the server and from the device's own copy after an offline reload; a florist may not open it.
 */
describe('the studio profile', () => {
  const journey = journeyPerFile();

  it('an admin edits the phone and the storefront header shows it, also after an offline reload', async () => {
    const adminContext = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto('/admin/profile');
    await admin.getByRole('heading', { name: 'Профиль мастерской' }).waitFor();
    const phone = admin.getByLabel('Телефон');
    await expect.poll(() => phone.inputValue()).toBe('+7 (495) 000-00-00');

    await phone.fill('12-34');
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    await admin.getByText('Телефон мастерской: +7 и 10 цифр').waitFor();

    await phone.fill(newPhone);
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    await admin.getByText('Профиль сохранён').waitFor();
    expect(adminErrors).toEqual([]);
    await adminContext.close();

    const context = await journey().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const contacts = page.getByRole('navigation', { name: 'Связаться с нами' });
    await contacts.getByRole('link', { name: newPhone }).waitFor();
    expect(await contacts.getByRole('link', { name: newPhone }).getAttribute('href')).toBe('tel:+74957654321');
    expect(await (await page.request.get('/')).text()).toContain(newPhone);

    await waitForOfflineReady(page);
    // The device's own copy of the pages store holds the profile before the network goes.
    await waitFor('the profile on the device', () =>
      page.evaluate(async () => {
        const data = (window as unknown as { shopData?: { shop: { pages: { findOne(id: string): { exec(): Promise<{ toJSON(): { studio?: { phone: string } } } | null> } } } } }).shopData;
        return (await data?.shop.pages.findOne('studio-profile').exec())?.toJSON().studio?.phone === '74957654321';
      }),
    );
    // The profile is no page: its document's id is no address, in the tab as on the server.
    await page.goto('/studio-profile');
    await page.getByRole('heading', { name: /^Page not found/ }).waitFor();
    expect(await page.locator('main h1').allTextContents()).not.toContain('Профиль мастерской');
    await page.goto('/');

    await context.setOffline(true);
    await page.reload();
    await contacts.getByRole('link', { name: newPhone }).waitFor();
    expect(await contacts.textContent()).not.toContain('+7 (495) 000-00-00');
    await page.getByRole('contentinfo').getByRole('link', { name: newPhone }).waitFor();
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });

  it('a save made from an old copy is refused in Russian under the form, the typed text kept, and the next save goes', async () => {
    const context = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const [first, second] = [await context.newPage(), await context.newPage()];
    const errors = [watchErrors(first), watchErrors(second)];
    for (const tab of [first, second]) {
      await tab.goto('/admin/profile');
      await expect.poll(() => tab.getByLabel('Часы работы').inputValue()).not.toBe('');
    }
    await first.getByLabel('Часы работы').fill('Ежедневно 8:00–22:00');
    await first.getByRole('button', { name: 'Сохранить' }).click();
    await first.getByText('Профиль сохранён').waitFor();

    // The second tab still holds the copy read before: its save would undo the first one's.
    await second.getByLabel('Часы работы').fill('Ежедневно 10:00–20:00');
    await second.getByRole('button', { name: 'Сохранить' }).click();
    await second.getByRole('alert').filter({ hasText: 'Профиль мастерской изменили, пока вы его правили: обновите страницу и внесите изменения снова' }).waitFor();
    expect(await second.getByLabel('Часы работы').inputValue()).toBe('Ежедневно 10:00–20:00');
    expect(await second.getByRole('button', { name: 'Сохранить' }).isEnabled()).toBe(true);

    await second.reload();
    await expect.poll(() => second.getByLabel('Часы работы').inputValue()).toBe('Ежедневно 8:00–22:00');
    await second.getByLabel('Часы работы').fill('Ежедневно 10:00–20:00');
    await second.getByRole('button', { name: 'Сохранить' }).click();
    await second.getByText('Профиль сохранён').waitFor();
    expect(await second.getByRole('alert').filter({ hasText: 'изменили' }).count()).toBe(0);
    // The refused save's 409 is the only console line, as the browser reports a failed request.
    expect(errors.flat().filter((e) => !/Failed to load resource: .*409/.test(e))).toEqual([]);
    await context.close();
  });

  it('what the admin types while a save is on its way stays, and goes with the next save', async () => {
    const context = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/profile');
    const hours = page.getByLabel('Часы работы');
    const metro = page.getByLabel('Станции метро (через запятую)');
    await expect.poll(() => hours.inputValue()).not.toBe('');
    // The save waits at the browser until released, so the admin types on meanwhile.
    const held = await holdRequest(page, '**/api/profile/update');
    await hours.fill('Ежедневно 9:00–21:00');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await held.atServer;
    await metro.fill('Арбатская, Смоленская');
    held.release();
    await page.getByText('Профиль сохранён').waitFor();
    await held.done();
    expect(await metro.inputValue()).toBe('Арбатская, Смоленская');
    expect(await hours.inputValue()).toBe('Ежедневно 9:00–21:00');
    // The next save goes over the version the answer gave, with the typed stations.
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await (await page.request.post('/api/profile/get', { data: {} })).json()) as { data: { profile: { metro: string[] } } }).toMatchObject({ data: { profile: { metro: ['Арбатская', 'Смоленская'] } } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a florist opening /admin/profile sees «Недостаточно прав»', async () => {
    const context = await contextAs(journey(), demoPhones.florist, undefined, { serviceWorker: false });
    const page = await context.newPage();
    expect((await outcomeOf(page, '/admin/profile')).outcome).toBe('denied');
    await page.getByRole('heading', { name: 'Недостаточно прав' }).waitFor();
    await context.close();
  });
});
