import { counterPrint } from '../../schema/entities/counter-print';
import { tierDatabases } from '../../schema/shared/databases';
import { officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { driverUuid } from '../../schema/studio/receipts/atol-driver';
import { counterPrintId, devicePrintIssue, printedPayment, type CounterPrint } from '../../schema/studio/receipts/counter-print';
import { receiptId, type Receipt } from '../../schema/studio/receipts/receipt';
import { getDoc, upsert } from '../db/docs';
import { orderRecordOf } from '../orders/order-record';
import type { OrderChange } from '../../schema/studio/orders/order';
import { fromSynced, toSynced } from '../db/synced';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import type { WriteRule } from '../records/write-pipeline';
import { deviceReleaseId, dropDeviceHold, receiptOf, receiptsDb } from './receipts';
import { claim } from '../db/claim';

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
 * server do what it does for every unmarked receipt). One that comes before its command is settled when the command is
 * applied (`settleDevicePrints`).
 */
export const releaseDeviceHold = async (storage: Storage, p: CounterPrint): Promise<void> => {
  if (p.state !== 'failed') return;
  if (await dropDeviceHold(storage, p.receipt, p.order)) log.warn({ receipt: p.receipt }, `a staff device's print was refused by the register, the server sends it: ${p.reason ?? ''}`);
};

/**
 * A device does not print the receipt of its payment command `command` of `order` after all (`POST /api/receipts/
 * device-release`: the command was written marked `printedHere` and its print never queued, the tab closed between the
 * two): the mark is kept (`deviceReleaseId`, so a command still on its way queues its receipt unheld), then the receipt
 * the command settles, a sale or a prepayment, is held no longer. The server sends it, and a register that holds the
 * task already answers so (`driverKnowsTask`). Answers whether a held receipt was let go now. A release only lets the
 * server do what it does for every receipt not printed at the counter, so any staff member may ask it.
 */
export const releaseDevicePrint = async (storage: Storage, order: string, command: string): Promise<boolean> => {
  await claim(storage.db(receiptsDb), deviceReleaseId(command), { order, madeAt: Date.now() });
  let released = false;
  for (const kind of ['sale', 'prepayment'] as const) if (await dropDeviceHold(storage, receiptId(kind, order, command), order)) released = true;
  if (released) log.warn({ order, command }, 'a staff device does not print a receipt it said it would: the server sends it');
  return released;
};

/** The order's history as the server holds it now (empty when the order is not here yet: a counter sale's create still waits). */
const historyOf = async (storage: Storage, order: string): Promise<readonly OrderChange[]> => {
  const doc = await getDoc<object>(storage.db('orders'), order);
  return (doc && orderRecordOf(doc))?.history ?? [];
};

/**
 * Writes what the server says of a device's print back into its office record (`known`, or `refused` with the reason),
 * once: a record that already says either is left as it is. The device pulls it and shows it (`counterPrintLabel`).
 */
const writeBack = async (storage: Storage, recordId: string, said: Pick<CounterPrint, 'known' | 'refused'>): Promise<void> => {
  const at = Date.now();
  await upsert<Omit<OfficeRecord, 'id'>>(storage.db(tierDatabases.office), recordId, (doc) => {
    const parsed = doc ? officeRecord.safeParse(fromSynced({ ...doc, _id: recordId })) : null;
    if (!parsed?.success) return null;
    const data = recordData(counterPrint, parsed.data);
    if (!data || data.known !== undefined || data.refused !== undefined) return null;
    return toSynced({ ...parsed.data, data: { ...parsed.data.data, ...said }, updatedAt: Math.max(at, parsed.data.updatedAt + 1) });
  });
};

/**
 * What the server does with a device's print record, stored: a printed one whose payment's command is applied (its entry
 * in `history`), money taken at the counter, is registered in the server's queue with its fiscal sign and `known` is
 * written back; one whose payment has not reached the server yet waits — `settleDevicePrints` runs when the command is
 * applied — and one whose payment was not the counter's is never registered: the reason is written back as `refused`
 * (the device says its paper is not in the books: `printUnbacked`), and the hold on its receipt ends, so the server
 * sends it. A failed one ends the hold on its receipt. Safe to run twice, and from both sides at once.
 */
const settlePrint = async (storage: Storage, recordId: string, p: CounterPrint, history: readonly OrderChange[]): Promise<void> => {
  if (p.state === 'failed') return releaseDeviceHold(storage, p);
  if (p.state !== 'printed' || p.known !== undefined || p.refused !== undefined) return;
  const paid = printedPayment(p, history);
  if (!paid) return log.info({ receipt: p.receipt }, 'a staff device’s print waits for its payment’s command');
  const issue = devicePrintIssue(recordId, p, paid);
  if (issue) {
    log.warn({ receipt: p.receipt }, `a staff device’s print is not taken, the server sends the receipt: ${issue}`);
    await dropDeviceHold(storage, p.receipt, p.order);
    return writeBack(storage, recordId, { refused: issue });
  }
  if (!(await recordDevicePrint(storage, p, driverUuid(p.receipt)))) return;
  await writeBack(storage, recordId, { known: Date.now() });
};

/**
 * The devices' prints of the payments `commands` of `order` just applied (server/orders/order-commands.ts, after their
 * receipts are queued; both write paths of a command): a print that reached the server before its payment's command
 * waited for it, and is settled now against the history the command wrote (`settlePrint`). The print is stored before
 * its own settling reads the history, and the command's entry before this reads the prints: one of the two sees both.
 * Never throws: an order is never held up by a receipt.
 */
export const settleDevicePrints = async (storage: Storage, order: string, history: readonly OrderChange[], commands: readonly string[]): Promise<void> => {
  if (!commands.length) return;
  try {
    const ids = commands.flatMap((c) => (['sale', 'prepayment'] as const).map((kind) => counterPrintId(receiptId(kind, order, c))));
    const { rows } = await storage.db(tierDatabases.office).allDocs<object>({ keys: ids, include_docs: true });
    for (const row of rows) {
      const parsed = 'doc' in row && row.doc ? officeRecord.safeParse(fromSynced(row.doc)) : null;
      const p = parsed?.success ? recordData(counterPrint, parsed.data) : null;
      if (parsed?.success && p) await settlePrint(storage, parsed.data.id, p, history);
    }
  } catch (e) {
    log.error({ err: e }, `device prints of order ${order} not settled`);
  }
};

/** Registers what a device printed, under its receipt's id and the driver's uuid of it (whatever id the record has). */
export const counterPrintRule = (storage: Storage): WriteRule => ({
  name: 'a device’s counter print is registered in the server’s queue, once, when its payment is applied; a refused one ends the hold on its receipt',
  applies: (entity) => entity.type === counterPrint.type,
  // A print the server will register must be the driver's task of a staff payment's own receipt (a counter sale, a
  // payment on pickup), under its uuid, with its sign: `devicePrintIssue`. Anything else would let a device mark another
  // receipt (a YooKassa prepayment, another order's) registered, so the server would never send it: refused here.
  // How the money came is judged only once the payment's command is applied (`settlePrint`, `settleDevicePrints`): a
  // print of a payment «Онлайн» or by transfer is kept, never registered, and marked `refused` — the register did print
  // it, and the device must say so rather than lose the record (a refused new record is dropped on the device).
  judge: async () => ({
    issue(record) {
      const p = recordData(counterPrint, record);
      return p ? devicePrintIssue(record.id, p, undefined) : undefined;
    },
  }),
  async stored(_batch, records) {
    for (const record of records) {
      const p = recordData(counterPrint, record);
      if (p) await settlePrint(storage, record.id, p, p.state === 'printed' && p.known === undefined && p.refused === undefined ? await historyOf(storage, p.order) : []);
    }
  },
});
