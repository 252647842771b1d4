import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { contextAs, officeOnServer } from './admin-journeys';

/** From the tasks list, in the app (no page load: the device is offline). */
const openTask = async (page: Page, title: string) => {
  await page.getByRole('link', { name: title }).click();
  await page.locator('#field-title').waitFor();
};

const shownTask = (page: Page) =>
  page.evaluate(async () => {
    const { office } = (window as unknown as { shopData: { shop: { office: { find(q: unknown): { exec(): Promise<{ toJSON(): { data: Record<string, unknown> } }[]> } } } } }).shopData.shop;
    return (await office.find({ selector: { type: 'task' } }).exec()).map((d) => d.toJSON().data);
  });

/**
 * Two devices change the same task offline: the manager's phone first, the florist's later. The florist's reaches the
 * server first; the manager's device then meets it, resolves by the task rule (the later change's fields, the
 * furthest status), and both converge. The manager, whose title lost, and the florist, whose status lost, are each
 * told what replaced it.
 */
describe('two devices, one task, both offline', () => {
  const journey = journeyPerFile();

  it('converge by the task rule and the loser is told', async () => {
    const florist = await contextAs(journey(), demoPhones.florist);
    const manager = await contextAs(journey(), demoPhones.manager);
    const [fp, mp] = [await florist.newPage(), await manager.newPage()];

    await fp.goto('/admin/tasks/new');
    await fp.locator('#field-title').fill('Оформить витрину');
    await fp.getByRole('button', { name: 'Сохранить' }).click();
    await waitFor('the task on the server', async () => (await officeOnServer(journey().shop, 'task')).length === 1);
    await mp.goto('/admin/tasks');
    await mp.getByRole('link', { name: 'Оформить витрину' }).waitFor();
    await fp.getByRole('link', { name: 'Оформить витрину' }).waitFor();

    await florist.setOffline(true);
    await manager.setOffline(true);

    await openTask(mp, 'Оформить витрину');
    await mp.locator('#field-title').fill('Оформить витрину к 8 марта');
    await mp.locator('#field-status').selectOption('done');
    await mp.getByRole('button', { name: 'Сохранить' }).click();
    await mp.getByRole('link', { name: 'Оформить витрину к 8 марта' }).waitFor();

    await openTask(fp, 'Оформить витрину');
    await fp.locator('#field-title').fill('Оформить витрину тюльпанами');
    await fp.locator('#field-status').selectOption('doing');
    await fp.getByRole('button', { name: 'Сохранить' }).click();
    await fp.getByRole('link', { name: 'Оформить витрину тюльпанами' }).waitFor();

    await florist.setOffline(false);
    await waitFor('the florist’s change on the server', async () => (await officeOnServer(journey().shop, 'task'))[0]?.data.title === 'Оформить витрину тюльпанами');
    await manager.setOffline(false);

    const expected = { title: 'Оформить витрину тюльпанами', status: 'done' };
    await mp.getByText(/Вашу правку: задача «Оформить витрину к 8 марта» заменила правка с другого устройства \(Ольга Флористова\)\. Теперь: Задача — Оформить витрину тюльпанами/).waitFor();
    // Her «В работе» lost to his «Готово»: her device pushed first and resolved nothing, and is told on the pull.
    await fp.getByText(/Вашу правку: задача «Оформить витрину тюльпанами» заменила правка с другого устройства \(Мария Менеджерова\)\. Теперь: Статус — Готово/).waitFor();
    await waitFor('both devices on the merged task', async () => {
      const [f, m] = [await shownTask(fp), await shownTask(mp)];
      return f.length === 1 && m.length === 1 && f[0].title === expected.title && m[0].title === expected.title && f[0].status === 'done' && m[0].status === 'done';
    });
    const [onServer] = await officeOnServer(journey().shop, 'task');
    expect(onServer.data).toMatchObject(expected);
    expect(onServer.updatedBy).toBe(demoPhones.manager);
    await florist.close();
    await manager.close();
  });
});
