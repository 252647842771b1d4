import { afterAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn } from '../../../server/testing/test-shop';
import { deviceDrill, type DeviceDrill } from '../testing/device-drill';
import { storeBackup, takeBackup } from '../../../server/ops/backup';
import { demoProducts } from '../../../server/seed/products';
import { task } from '../../../schema/entities/task';
import { today } from '../../../schema/shared/day';
import { deliverySlots } from '../../../schema/studio/orders/order';
import type { OrderAction } from '../../../schema/studio/orders/order-command';
import { saveOfficeRecord } from '../records';
import { sendOrderCommand } from '../order-commands';
import { storeEpochs } from './store-epoch';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!;
/** A walk-in sale a florist rings up on her phone: the order is created by the server from this command. */
const saleOf = (id: string): OrderAction => ({
  kind: 'create',
  draft: { id, source: 'showcase', customer: { phone: '', name: '' }, sender: { phone: '', name: '' }, recipient: { phone: '', name: '' }, lines: [{ id: product.id, count: 1 }], delivery: { method: 'pickup' }, date: today(), slot: deliverySlots[deliverySlots.length - 1], payment: 'cash' },
} as OrderAction);

/**
 * A staff device that synced with the shop after its last backup: the shop is restored from that backup (a new store
 * epoch), the device signs in again and finds out from the first /db answer; it pulls everything again and pushes
 * what the restored shop lacks. The server ends with every record once and every order once.
 */
describe('a device after the shop was restored from a backup', () => {
  let drill: DeviceDrill | undefined;
  afterAll(() => drill?.end());

  it('pushes again what it wrote after the backup and pulls what it had, nothing twice', async () => {
    drill = deviceDrill(`epoch${Date.now()}`);
    const first = await drill.startShop();
    let url = drill.url();
    drill.jar.cookie = await signIn(url, demoPhones.florist);
    const { data, sync } = await drill.open();
    await sync.setStaff(true);
    const office = data.shop.office;
    const outcomeOf = async (id: string) => ((await office.findOne(id).exec())?.data as { outcome?: { ok: boolean } } | undefined)?.outcome;

    // Before the backup: a task and a sale, both on the server.
    const before = await saveOfficeRecord(office, task, demoPhones.florist, { ...task.example, title: 'До копии' });
    const saleBefore = await sendOrderCommand(office, demoPhones.florist, 'epoch-sale-before', saleOf('epoch-sale-before'));
    await expect.poll(() => outcomeOf(saleBefore), { timeout: 30_000, interval: 200 }).toMatchObject({ ok: true });
    await sync.eventsInSync();

    const backup = await takeBackup(first.shop.storage, { dataDir: first.dataDir });
    const file = await storeBackup(backup, await drill.tempDir(), 2);

    // After the backup: another task, an edit of the first, another sale; all reach the first shop.
    const after = await saveOfficeRecord(office, task, demoPhones.florist, { ...task.example, title: 'После копии' });
    await saveOfficeRecord(office, task, demoPhones.florist, { ...task.example, title: 'До копии, исправлено' }, before);
    const saleAfter = await sendOrderCommand(office, demoPhones.florist, 'epoch-sale-after', saleOf('epoch-sale-after'));
    await expect.poll(() => outcomeOf(saleAfter), { timeout: 30_000, interval: 200 }).toMatchObject({ ok: true });
    await sync.eventsInSync();
    const epochBefore = (await fetch(`${url}/db/office/`)).headers.get('x-store-epoch');
    expect(epochBefore).toMatch(/^[0-9a-f-]{36}$/);

    // The disk dies; the archive is restored into a new store and the shop starts on the same address.
    const restored = await drill.restore(first, file);
    url = drill.url();
    expect(await restored.shop.storage.db('office').get(after).catch(() => null)).toBeNull();
    expect(await restored.shop.storage.db('orders').get('epoch-sale-after').catch(() => null)).toBeNull();
    const epochAfter = (await fetch(`${url}/db/office/`)).headers.get('x-store-epoch');
    expect(epochAfter).toMatch(/^[0-9a-f-]{36}$/);
    expect(epochAfter).not.toBe(epochBefore);

    // Staff sign in again (sessions are not in the archive); the device's replications meet the new epoch.
    drill.jar.cookie = await signIn(url, demoPhones.florist);
    const serverOffice = restored.shop.storage.db('office');
    await expect.poll(async () => (await serverOffice.get<{ title: string }>(after).catch(() => null))?.title, { timeout: 60_000, interval: 250 }).toBe('После копии');
    await expect.poll(async () => (await serverOffice.get<{ title: string }>(before).catch(() => null))?.title, { timeout: 30_000, interval: 250 }).toBe('До копии, исправлено');
    // The sale made after the backup is an order again, made once; the one before is not made twice.
    const orders = restored.shop.storage.db('orders');
    await expect.poll(async () => (await orders.get<{ number?: number }>('epoch-sale-after').catch(() => null))?.number, { timeout: 30_000, interval: 250 }).toBeGreaterThan(0);
    await sync.eventsInSync();
    const all = await orders.allDocs({ include_docs: true });
    const sales = all.rows.map((r) => r.doc as { _id: string; number?: number } | undefined).filter((d) => d?._id.startsWith('epoch-sale-'));
    expect(sales.map((d) => d?._id).sort()).toEqual(['epoch-sale-after', 'epoch-sale-before']);
    const numbers = all.rows.map((r) => (r.doc as { number?: number } | undefined)?.number).filter((n): n is number => typeof n === 'number');
    expect(new Set(numbers).size).toBe(numbers.length);
    // The command's outcome is written after its order (a loaded full run read it between the two).
    const outcomes = async () => {
      const commands = await serverOffice.allDocs({ keys: [saleBefore, saleAfter], include_docs: true });
      return commands.rows.map((r) => ('doc' in r ? (r.doc as { data?: { outcome?: { ok: boolean } } } | undefined)?.data?.outcome?.ok : undefined));
    };
    await expect.poll(outcomes, { timeout: 30_000, interval: 250 }).toEqual([true, true]);
    // And the device pulled the restored store whole again: the catalogue is there, the tasks as the server has them.
    await expect.poll(async () => (await office.findOne(after).exec())?.title, { timeout: 30_000 }).toBe('После копии');
    expect(await data.shop.products.count().exec()).toBe((await restored.shop.storage.db('catalog').info()).doc_count);
  }, 180_000);
});

describe('what a device knows of the store epoch', () => {
  it('adopts the first epoch it meets, restarts once on a change, and a tab that leads later catches up', () => {
    const device = `tabs${Date.now()}`;
    const restarts = { a: 0, b: 0 };
    const a = storeEpochs(device, () => restarts.a++);
    const b = storeEpochs(device, () => restarts.b++);
    a.meet(null);
    a.meet('e1');
    a.meet('e1');
    expect([restarts.a, a.suffix(), a.generation()]).toEqual([0, '', 0]);
    a.meet('e2');
    a.meet('e2');
    expect([restarts.a, a.suffix(), a.generation()]).toEqual([1, 'e2', 1]);
    // Tab b was opened before the change and was not the leader; leading now, its first answer names e2.
    expect(b.suffix()).toBe('');
    b.meet('e2');
    expect([restarts.b, b.suffix()]).toEqual([1, 'e2']);
    // A device opened after the change starts under it at once.
    expect(storeEpochs(device, () => {}).suffix()).toBe('e2');
  });
});
