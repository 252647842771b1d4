import { counterPrint } from '../../schema/entities/counter-print';
import { tierDatabases } from '../../schema/shared/databases';
import { officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { driverUuid } from '../../schema/studio/receipts/atol-driver';
import { devicePrintIssue, type CounterPrint } from '../../schema/studio/receipts/counter-print';
import type { Receipt } from '../../schema/studio/receipts/receipt';
import { getDoc, upsert } from '../db/docs';
import { orderRecordOf } from '../orders/order-record';
import type { OrderChange } from '../../schema/studio/orders/order';
import { fromSynced, toSynced } from '../db/synced';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import type { WriteRule } from '../records/write-pipeline';
import { receiptOf, receiptsDb } from './receipts';

/**
 * A counter sale's receipt a staff device printed through the register's driver while the server was away (issue 30,
 * item 2; the rule in schema/studio/receipts/counter-print.ts): once its record reaches the server, on the record API or
 * a device's push alike, the server's queue holds that receipt as registered under the same id, so it never sends it
 * again, whichever comes first — the print, or the sale's commands (which queue it, create-if-absent). Then `known` is
 * written back into the record: the device stops saying «ждёт сервер».
 */

/** Marks the receipt registered with the register's fiscal sign; answers whether the queue holds it so now. */
export const recordDevicePrint = async (storage: Storage, p: CounterPrint, uuid: string): Promise<boolean> => {
  if (p.state !== 'printed' || !p.fiscal) return false;
  const fiscal = p.fiscal;
  const now = Date.now();
  let registered = false;
  await upsert<Omit<Receipt, 'id'>>(storage.db(receiptsDb), p.receipt, (doc) => {
    const stored = doc && receiptOf(doc);
    if (stored?.state === 'registered') {
      registered = true;
      return null;
    }
    registered = true;
    // A receipt the server queued keeps its content; one it has not seen yet is the printed one.
    const base: Omit<Receipt, 'id'> = stored
      ? (({ id: _id, lease: _lease, ...rest }) => rest)(stored)
      : { content: p.content, state: 'queued', createdAt: now, updatedAt: now, tries: 0, nextAt: now };
    return { ...base, state: 'registered', uuid, fiscal, reason: undefined, updatedAt: now, nextAt: now };
  });
  if (registered) log.info({ receipt: p.receipt }, 'receipt printed by a staff device: registered');
  return registered;
};

/**
 * A device's print the register refused (`failed`, final on the device): the receipt its payment's command held back for
 * it (`Receipt.devicePrint`) waits no longer — the server's queue sends it at once and records what the register says.
 * Only a queued, marked receipt of the order the record names; anything else is left as it is (a release only lets the
 * server do what it does for every unmarked receipt).
 */
export const releaseDeviceHold = async (storage: Storage, p: CounterPrint): Promise<void> => {
  if (p.state !== 'failed') return;
  let released = false;
  await upsert<Omit<Receipt, 'id'>>(storage.db(receiptsDb), p.receipt, (doc) => {
    const stored = doc && receiptOf(doc);
    released = !!stored && stored.state === 'queued' && !!stored.devicePrint && stored.content.order === p.order;
    if (!released || !stored) return null;
    const { id: _id, devicePrint: _d, ...rest } = stored;
    return { ...rest, nextAt: Date.now(), updatedAt: Date.now() };
  });
  if (released) log.warn({ receipt: p.receipt }, `a staff device's print was refused by the register, the server sends it: ${p.reason ?? ''}`);
};

/** Registers what a device printed, under its receipt's id and the driver's uuid of it (whatever id the record has). */
export const counterPrintRule = (storage: Storage): WriteRule => ({
  name: 'a device’s counter print is registered in the server’s queue, once; a refused one ends the hold on its receipt',
  applies: (entity) => entity.type === counterPrint.type,
  // A print the server will register must be the driver's task of a staff payment's own receipt (a counter sale, a
  // payment on pickup): `devicePrintIssue`. Anything else would let a device mark another receipt (a YooKassa
  // prepayment, another order's) registered, so the server would never send it.
  // The order's history, when the payment's command reached the server first, says how the money came: a staff payment
  // «Онлайн» (online elsewhere) is not the counter's, and its print is refused (the server's queue sends that receipt).
  judge: async (_batch, records) => {
    const orders = new Map<string, readonly OrderChange[]>();
    for (const record of records) {
      const p = recordData(counterPrint, record);
      if (!p || p.state !== 'printed' || orders.has(p.order)) continue;
      const doc = await getDoc<object>(storage.db('orders'), p.order);
      orders.set(p.order, (doc && orderRecordOf(doc))?.history ?? []);
    }
    return {
      issue(record) {
        const p = recordData(counterPrint, record);
        return p ? devicePrintIssue(record.id, p, orders.get(p.order)) : undefined;
      },
    };
  },
  async stored(_batch, records) {
    for (const record of records) {
      const p = recordData(counterPrint, record);
      if (p?.state === 'failed') await releaseDeviceHold(storage, p);
      if (!p || p.known !== undefined || !(await recordDevicePrint(storage, p, driverUuid(p.receipt)))) continue;
      const at = Date.now();
      await upsert<Omit<OfficeRecord, 'id'>>(storage.db(tierDatabases.office), record.id, (doc) => {
        const parsed = doc ? officeRecord.safeParse(fromSynced({ ...doc, _id: record.id })) : null;
        if (!parsed?.success) return null;
        const data = recordData(counterPrint, parsed.data);
        if (!data || data.known !== undefined) return null;
        return toSynced({ ...parsed.data, data: { ...parsed.data.data, known: at }, updatedAt: Math.max(at, parsed.data.updatedAt + 1) });
      });
    }
  },
});
