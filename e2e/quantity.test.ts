import { describe, expect, it } from 'vitest';
import { journeyPerFile, watchErrors } from './harness';
import { demoProducts } from '../server/seed/products';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5 && p.count < 99)!;
const sizable = demoProducts.find((p) => p.isActive && !p.isHidden && p.sizable && p.count >= 5)!;

/** Issue 12, item 6: the quantity field is typed freely and never turns into a number the shopper did not type. */
describe('quantity on a 360 px phone', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('keeps what is typed, says what is wrong, and puts exactly that many into the cart', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    const errors = watchErrors(page);
    await page.goto(`/items/${product.id}`);
    const field = page.getByRole('textbox', { name: 'Количество' });
    const add = page.getByRole('button', { name: 'В корзину' });
    expect(await field.inputValue()).toBe('1');

    // Emptied on the way from 1 to 3: it stays empty, it does not jump back to 1 (which made «13»).
    await field.press('End');
    await field.press('Backspace');
    expect(await field.inputValue()).toBe('');
    await page.getByRole('alert').filter({ hasText: 'Укажите количество' }).waitFor();
    expect(await add.isDisabled()).toBe(true);
    await field.pressSequentially('3');
    expect(await field.inputValue()).toBe('3');

    // More than there is stays as typed, with a reason, instead of silently becoming the stock.
    await field.fill(String(product.count + 1));
    expect(await field.inputValue()).toBe(String(product.count + 1));
    await page.getByRole('alert').filter({ hasText: `не больше ${product.count} шт.` }).waitFor();
    expect(await add.isDisabled()).toBe(true);

    await field.fill('3');
    await add.click();
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a size and a quantity chosen before the page’s scripts took over, through the next render', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    let typed!: () => void;
    const held = new Promise<void>((resolve) => (typed = resolve));
    // The server's page is on screen; its scripts wait until the shopper has chosen (a slow phone on a slow network).
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.fallback();
    });
    // Module scripts hold DOMContentLoaded back: the page is there once its elements are.
    await page.goto(`/items/${sizable.id}`, { waitUntil: 'commit' });
    await page.getByText('L', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Количество' }).fill('3');
    typed();
    // Hydrated: React has taken the field over.
    await page.waitForFunction(() => Object.keys(document.querySelector('.quantity input') ?? {}).some((k) => k.startsWith('__reactFiber')));
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByTestId('cart-count').filter({ hasText: '3' }).waitFor();
    // The cart's change rendered the page again: what the shopper chose is still what is shown.
    expect(await page.getByRole('textbox', { name: 'Количество' }).inputValue()).toBe('3');
    expect(await page.locator('input[name="size"][value="L"]').isChecked()).toBe(true);
    await context.close();
  });
});
