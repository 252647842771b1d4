import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyPerFile, phonePage, watchErrors } from './harness';
import { signInThroughDialog, waitFor, waitForOfflineReady } from './journeys';
import { demoProducts } from '../server/seed/products';
import { call, signIn } from '../server/testing/test-shop';

const customer = '79002225566';
const [first, second, third] = demoProducts.filter((p) => p.isActive && !p.isHidden);

/** The heart on a product page (its cards of other products have their own). */
const heart = (page: Page) => page.locator('.favourite--big');

/** The names /my/favourites lists, once it has read the device's catalogue (the cards, or the note that there are none). */
const favouritesShown = async (page: Page) => {
  await page.goto('/my/favourites');
  await page.getByRole('heading', { name: 'Избранное' }).waitFor();
  await page.locator('.card__name').or(page.getByText('Здесь появятся товары, отмеченные сердечком')).first().waitFor();
  return page.locator('.card__name').allInnerTexts();
};

/** Issue 12, item 7, on 360 px phones: favourites follow the customer from device to device. */
describe('favourites', () => {
  const journey = journeyPerFile();
  const onServer = async () => {
    const cookie = await signIn(journey().shop.url, customer);
    return (await call<{ data: string[] }>(journey().shop.url, '/api/favourites/list', {}, cookie)).body.data;
  };

  it('added on one device (as a guest, and offline), they show on another after sign-in', async () => {
    const one = await phonePage(journey());
    const errors = watchErrors(one.page);
    await one.page.goto('/');
    await one.page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await waitForOfflineReady(one.page);

    // A guest's heart stays on the device.
    await one.page.goto(`/items/${first.id}`);
    await heart(one.page).click();
    await one.page.locator('.favourite--big[aria-pressed="true"]').waitFor();
    expect(await favouritesShown(one.page)).toEqual([first.name]);
    await one.page.getByText('Избранное хранится на этом устройстве').waitFor();

    // Signing in takes it into the customer's favourites.
    await signInThroughDialog(one.page, journey().shop, customer);
    await waitFor('the guest’s favourite on the server', async () => (await onServer()).includes(first.id));

    // Offline, a heart waits and goes when the network returns.
    await one.context.setOffline(true);
    await one.page.goto(`/items/${second.id}`);
    await heart(one.page).click();
    await one.page.locator('.favourite--big[aria-pressed="true"]').waitFor();
    expect(await onServer()).toEqual([first.id]);
    await one.context.setOffline(false);
    await waitFor('the offline favourite on the server', async () => (await onServer()).length === 2);
    expect(await onServer()).toEqual([second.id, first.id]);

    // Another phone: a guest there has none, then signs in and sees both, newest first.
    const two = await phonePage(journey(), { serviceWorker: false });
    await two.page.goto('/');
    await two.page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    expect(await favouritesShown(two.page)).toEqual([]);
    await signInThroughDialog(two.page, journey().shop, customer);
    await waitFor('both favourites on the second device', async () => (await two.page.locator('.card__name').allInnerTexts()).length === 2);
    expect(await two.page.locator('.card__name').allInnerTexts()).toEqual([second.name, first.name]);

    // Taken off on the second, added on the first: both devices end with the same set.
    await two.page.locator('.card', { hasText: first.name }).getByRole('button', { name: 'Убрать из избранного' }).click();
    await waitFor('the removal on the server', async () => !(await onServer()).includes(first.id));
    await one.page.goto(`/items/${third.id}`);
    await heart(one.page).click();
    await waitFor('the addition on the server', async () => (await onServer()).includes(third.id));
    await two.page.reload();
    await waitFor('the second device in step', async () => (await two.page.locator('.card__name').allInnerTexts()).join() === [third.name, second.name].join());
    // The first device reads the server's list again when the page loads.
    await favouritesShown(one.page);
    await waitFor('the first device in step', async () => (await one.page.locator('.card__name').allInnerTexts()).join() === [third.name, second.name].join());

    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(e))).toEqual([]);
    await one.context.close();
    await two.context.close();
  });
});
