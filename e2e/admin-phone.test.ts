import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { demoPhones } from '../server/testing/test-shop';
import { courier } from '../schema/entities/courier';
import { openStaffScreen } from './admin-journeys';
import { journeyPerFile, phoneViewport } from './harness';

/** A phone typed into a back-office form reads as the storefront's do (client/ui/phone-input.tsx). */
describe('a phone in a back-office form', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('reads a pasted 8 916… as +7 (916) …, over a number already there too', async () => {
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.manager, '/admin/couriers/new', courier.labels.create, phoneViewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const paste = async (field: Locator, text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await field.click();
      await field.press('Control+a');
      await field.press('Control+v');
    };
    const field = page.getByLabel('Телефон');
    await paste(field, '8 916 555-44-33');
    expect(await field.inputValue()).toBe('+7 (916) 555-44-33');
    await paste(field, '8 903 111-22-33');
    expect(await field.inputValue()).toBe('+7 (903) 111-22-33');
    expect(errors).toEqual([]);
    await context.close();
  });
});
