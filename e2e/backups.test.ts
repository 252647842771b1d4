import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { contextAs } from './admin-journeys';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flower-journey-backups-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The owner sees on the dashboard that no copy was made yet, makes one on a phone, and is told when. */
describe('backups on the admin’s dashboard', () => {
  const journey = journeyPerFile({ backup: { dir, at: '03:00', keep: 3 } }, { serviceWorker: false });

  it('warn that none was made, make one now and say when', async () => {
    const admin = await contextAs(journey(), demoPhones.admin, phoneViewport);
    const page = await admin.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin');
    const panel = page.getByRole('region', { name: 'Резервные копии' });
    await panel.getByRole('alert').filter({ hasText: 'Резервных копий ещё не было.' }).waitFor();
    await panel.getByRole('button', { name: 'Сделать копию' }).click();
    await panel.getByText(/^Последняя копия: \d+ [а-я]+(,| в) \d\d:\d\d$/).waitFor();
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(errors).toEqual([]);

    // A florist's dashboard has no such panel.
    const florist = await contextAs(journey(), demoPhones.florist, phoneViewport);
    const theirs = await florist.newPage();
    await theirs.goto('/admin');
    await theirs.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    expect(await theirs.getByRole('region', { name: 'Резервные копии' }).count()).toBe(0);
    await admin.close();
    await florist.close();
  });
});
