import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPhones } from '../server/testing/test-shop';
import { categoryCare } from '../schema/shop/care';
import { demoProducts } from '../server/seed/products';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';

/** The text under the product page's «Уход», or null when there is none. */
const careShown = (page: Page) =>
  page.evaluate(() => {
    const heading = [...document.querySelectorAll('.product__info h2')].find((h) => h.textContent === 'Уход');
    return heading?.nextElementSibling?.textContent ?? null;
  });

/**
 * Issue 19: an item's own care («уход»), typed on /admin/items' form, is what its product page says, in the tab (live,
 * through the catalogue sync) and in the server's HTML; an item without one says its category's.
 */
describe('an item’s own care text', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('an admin writes an item’s care and the storefront shows it instead of the category’s, in the server’s HTML too', async () => {
    const [item, other] = demoProducts.filter((p) => p.isActive && !p.isHidden && p.category === 'authors');
    const own = 'Эвкалипт любит прохладу: меняйте воду ежедневно и не подрезайте его стебли.';
    const customer = await journey().newContext(phoneViewport);
    const shopper = await customer.newPage();
    const shopperErrors = watchErrors(shopper);
    await shopper.goto(`/items/${item.id}`);
    await shopper.getByRole('heading', { name: item.name }).waitFor();
    expect(await careShown(shopper)).toBe(categoryCare.authors);

    const admin = await contextAs(journey(), demoPhones.admin, phoneViewport);
    const office = await admin.newPage();
    const officeErrors = watchErrors(office);
    await office.goto(`/admin/items/${item.id}`);
    await office.getByRole('heading', { name: `Позиция: ${item.name}` }).waitFor();
    const field = office.getByRole('textbox', { name: 'Уход' });
    // Empty, it says what stands in for it: the category's text.
    expect(await field.inputValue()).toBe('');
    expect(await field.getAttribute('placeholder')).toBe(categoryCare.authors);
    await field.fill(own);
    await office.getByRole('button', { name: 'Сохранить' }).click();
    await office.getByRole('heading', { name: 'Позиции' }).waitFor();

    // The customer's open page follows the catalogue sync.
    await waitFor('the item’s own care on the customer’s page', async () => (await careShown(shopper)) === own);
    // A visitor without JavaScript (a search bot) gets it in the server's HTML; another item still has its category's.
    const html = await (await fetch(`${journey().shop.url}/items/${item.id}`)).text();
    expect(html).toContain(own);
    expect(html).not.toContain(categoryCare.authors);
    expect(await (await fetch(`${journey().shop.url}/items/${other.id}`)).text()).toContain(categoryCare.authors);

    // Cleared again, the page falls back to the category's.
    await office.goto(`/admin/items/${item.id}`);
    await office.getByRole('textbox', { name: 'Уход' }).fill('');
    await office.getByRole('button', { name: 'Сохранить' }).click();
    await office.getByRole('heading', { name: 'Позиции' }).waitFor();
    await waitFor('the category’s care again', async () => (await careShown(shopper)) === categoryCare.authors);
    expect(officeErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    await customer.close();
    await admin.close();
  });
});
