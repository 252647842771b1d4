import { describe, expect, it } from 'vitest';
import { journeyPerFile, lastCode } from './harness';
import { answerSignInDialog } from './journeys';
import { demoProducts } from '../server/seed/products';

/** Screens whose form state belongs to one record start afresh when another record opens. */
describe('state that belongs to one record', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('a product opened from «Похожие товары» starts with its own size, count and first photo', async () => {
    const first = demoProducts.find((p) => p.id === 'p-001')!;
    const context = await journey().newContext();
    const page = await context.newPage();
    await page.goto(`/items/${first.id}`);
    await page.getByRole('heading', { name: first.name }).waitFor();
    await page.locator('input[name="size"][value="XL"]').check({ force: true });
    await page.getByLabel('Количество').fill('3');
    await page.getByRole('button', { name: 'Фото 2' }).click();
    expect(await page.locator('.product__gallery > img').getAttribute('src')).toBe(first.images[1].url);

    const related = page.locator('.product__related a.card__link').first();
    const nextId = (await related.getAttribute('href'))!.split('/').pop()!;
    const next = demoProducts.find((p) => p.id === nextId)!;
    await related.click();
    await page.getByRole('heading', { name: next.name }).waitFor();
    expect(await page.locator('.product__gallery > img').getAttribute('src')).toBe(next.images[0].url);
    expect(await page.getByLabel('Количество').inputValue()).toBe('1');
    if (next.sizable) expect(await page.locator('input[name="size"][value="M"]').isChecked()).toBe(true);
    await context.close();
  });

  it('a guest who signs in on /my sees their stored name, and «Сохранить» keeps it', async () => {
    const customer = { phone: '79001112233', name: 'Вера Покупателева' };
    const context = await journey().newContext();
    const page = await context.newPage();
    // A returning customer: her name was stored on an earlier visit.
    await page.request.post('/api/login', { data: { phone: customer.phone } });
    await page.request.post('/api/phone-verify', { data: { phone: customer.phone, code: await lastCode(journey().shop, customer.phone) } });
    expect((await page.request.post('/api/user-update', { data: { name: customer.name } })).status()).toBe(200);
    await context.clearCookies();

    await page.goto('/my');
    await page.getByRole('button', { name: 'Войти по номеру телефона' }).click();
    await answerSignInDialog(page, journey().shop, customer.phone);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const name = page.getByLabel('Как к вам обращаться');
    await name.waitFor();
    expect(await name.inputValue()).toBe(customer.name);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сохранено').waitFor();
    const stored = (await (await page.request.get('/api/user')).json()) as { user: { name: string } };
    expect(stored.user.name).toBe(customer.name);
    await context.close();
  });
});
