import { describe, expect, it } from 'vitest';
import { journeyPerFile, watchErrors } from './harness';
import { demoProducts } from '../server/seed/products';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5 && p.count < 99)!;

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
});
