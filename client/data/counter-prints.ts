import type { RxCollection, RxDocument } from 'rxdb';
import { EMPTY, fromEvent, map, merge, skip, type Observable } from 'rxjs';
import { counterPrint } from '../../schema/entities/counter-print';
import { derivedFields, officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { driverKnowsTask, driverTask, driverTaskHeld } from '../../schema/studio/receipts/atol-driver';
import { counterPrintId, devicePrintHoldMs, settledCommandOf, type CounterPrint } from '../../schema/studio/receipts/counter-print';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import { counterRegister, type CounterRegister, type ReceiptDraft } from '../../schema/studio/receipts/receipt';
import { ApiError, call } from '../lib/api';
import { nextPause } from '../lib/backoff';
import { commandRecord, commandView, sendOrderCommand } from './order-commands';
import { officeInSyncAt$ } from './sync/in-sync-mark';
import { orderCommandEntity } from '../../schema/entities/order-command';

/**
 * The device's own queue of counter-sale receipts (issue 30, item 2): a sale recorded while the server is away, when
 * the admin chose the register on the counter, is printed from here straight through the driver's web server, under
 * the driver uuid the server would use (`counterPrintId`). The queue rides in the office collection (entity
 * `counterPrint`: no new collection, no schema change); the office sync pushes each print, and the server then holds
 * the receipt as registered and writes `known` back.
 *
 *   await queueCounterPrint(office, me.phone, draft);        // schema/studio/receipts/counter-print.ts studioOrderReceipt
 *   await printDue(office, register);                        // each round: sends, polls, records the outcome
 */

/** The driver's address and receipt settings, kept from /api/receipts/counter-register while online. */
const registerKey = 'counter-register';
export const rememberCounterRegister = (r: CounterRegister): void => localStorage.setItem(registerKey, JSON.stringify(r));
export const rememberedCounterRegister = (): CounterRegister | null => {
  try {
    const parsed = counterRegister.safeParse(JSON.parse(localStorage.getItem(registerKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * Asks the server for the register on the counter, keeping what it says (`rememberCounterRegister`), and so learns
 * whether the server can be reached now: no answer in `timeoutMs`, no network or a 5xx is «unreachable» (the browser's
 * `navigator.onLine` stays true when only the shop's server is away). The register is then the one kept before.
 */
export const askCounterRegister = async (timeoutMs = 4000): Promise<{ reachable: boolean; register: CounterRegister | null }> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(0, 'no answer')), timeoutMs);
  });
  try {
    const { data } = await Promise.race([call('POST /api/receipts/counter-register', {}), late]);
    rememberCounterRegister(data);
    return { reachable: true, register: data };
  } catch (e) {
    const away = !(e instanceof ApiError) || e.status === 0 || e.status >= 500;
    return { reachable: !away, register: rememberedCounterRegister() };
  } finally {
    clearTimeout(timer);
  }
};

/**
 * A payment's action as the device writes it when it prints the receipt itself (`printedHere`, decided before the
 * command is written): the server's queue then holds that receipt back for the print's record, however late it comes
 * (server/receipts/receipts.ts). Any other action is written as it is.
 */
const printedHere = (action: OrderAction): OrderAction => (action.kind === 'payment' ? { ...action, printedHere: true } : action);

/**
 * Writes a payment's command on the device and, when this device prints its receipt (`print`, decided before), the
 * command marked so (`printedHere`) together with the print, in one write of the device's store (one IndexedDB
 * transaction): a tab that closes, or crashes, leaves both or neither — never a marked command the server would hold its
 * receipt back for, with no print to come (a command an older build left so is released: `releaseUnprinted`). A print
 * that cannot be made is told to `failed`, and the command is written unmarked (the server prints it).
 */
export const writePayment = async (
  office: RxCollection<OfficeRecord>, author: string, order: string, payment: { id: string; action: OrderAction }, print: ReceiptDraft | null, failed: (e: unknown) => void,
): Promise<void> => {
  if (!print) {
    await sendOrderCommand(office, author, order, payment.action, payment.id);
    return;
  }
  const command = await commandRecord(office, author, order, printedHere(payment.action), payment.id);
  let printRecord: OfficeRecord;
  try {
    printRecord = counterPrintRecord(author, print, command.createdAt);
  } catch (e) {
    failed(e);
    await sendOrderCommand(office, author, order, payment.action, payment.id);
    return;
  }
  const { error } = await office.bulkInsert([command, printRecord]);
  // A command written before under this id (the screen's retry) stands as it is; so does a print queued before.
  const commandError = error.find((e) => e.documentId === command.id && e.status !== 409);
  if (commandError) throw new Error(`Команда оплаты не записана (${commandError.status})`);
  const printError = error.find((e) => e.documentId === printRecord.id && e.status !== 409);
  if (printError) failed(new Error(`Чек не поставлен в очередь кассы (${printError.status})`));
};

/** A receipt's print as the device's queue keeps it: queued, under the driver's uuid of the receipt (`counterPrintId`). */
const counterPrintRecord = (author: string, draft: ReceiptDraft, now: number): OfficeRecord => {
  const data = counterPrint.fields.parse({ receipt: draft.id, order: draft.content.order, content: draft.content, state: 'queued', tries: 0, nextAt: now });
  return officeRecord.parse({ id: counterPrintId(draft.id), type: counterPrint.type, ...derivedFields(counterPrint, data), createdBy: author, createdAt: now, updatedBy: author, updatedAt: now, data });
};

/** Puts a receipt into the device's queue, once (a second call for the same receipt finds it there). */
export const queueCounterPrint = async (office: RxCollection<OfficeRecord>, author: string, draft: ReceiptDraft, now = Date.now()): Promise<string> => {
  const id = counterPrintId(draft.id);
  if (await office.findOne(id).exec()) return id;
  await office.insert(counterPrintRecord(author, draft, now));
  return id;
};

/**
 * The payment commands this device's `author` wrote marked `printedHere` with no print of theirs in the device's store
 * (written by an older build whose tab closed between the command and the print), not refused, and younger than the
 * server's hold (`devicePrintHoldMs`: after it the server sends the receipt anyway). Its print is never queued now —
 * the receipt the device would make of the order as it holds it today need not be the one the server makes of the
 * command — so the device tells the server it does not print it (`POST /api/receipts/device-release`), and the server
 * sends it: one receipt, never two. Answers those the server has not heard of yet (no network: asked again later).
 */
export const releaseUnprinted = async (
  office: RxCollection<OfficeRecord>, author: string, release: (r: { order: string; command: string }) => Promise<unknown>, done: Set<string> = new Set(), now = Date.now(),
): Promise<number> => {
  const marked = (await office.find({ selector: { type: orderCommandEntity.type, createdBy: author } }).exec())
    .flatMap((d) => commandView(d.toMutableJSON()) ?? [])
    .filter((c) => c.action.kind === 'payment' && c.action.printedHere && c.state !== 'refused' && c.createdAt + devicePrintHoldMs > now && !done.has(c.id));
  if (!marked.length) return 0;
  const printed = new Set(
    (await office.find({ selector: { type: counterPrint.type, 'data.order': { $in: [...new Set(marked.map((c) => c.order))] } } }).exec()).flatMap((d) => {
      const p = recordData(counterPrint, d.toMutableJSON());
      return p ? [`${p.order}/${settledCommandOf(p)}`] : [];
    }),
  );
  let left = 0;
  for (const c of marked.filter((m) => !printed.has(`${m.order}/${m.id}`))) {
    try {
      await release({ order: c.order, command: c.id });
      done.add(c.id);
    } catch {
      left += 1;
    }
  }
  return left;
};

type Outcome = { state: 'printed'; fiscal: NonNullable<CounterPrint['fiscal']> } | { state: 'failed'; reason: string } | { state: 'queued'; reason: string };

/** What the driver says of a task it holds: printed, refused, or not yet (its result read by `GET /api/v2/requests/{uuid}`). */
const readResult = async (url: string, uuid: string, timeoutMs: number): Promise<Outcome | 'unknown'> => {
  const res = await fetch(`${url}/api/v2/requests/${encodeURIComponent(uuid)}`, { signal: AbortSignal.timeout(timeoutMs) });
  // A task the driver does not name is one it does not hold: posted, where a known uuid is its 409 (`driverKnowsTask`).
  const outcome = driverTaskHeld(res.status, res.ok ? await res.json().catch(() => null) : null);
  if (outcome === 'unknown') return 'unknown';
  if (outcome.kind === 'registered') return { state: 'printed', fiscal: outcome.fiscal };
  if (outcome.kind === 'refused') return { state: 'failed', reason: outcome.reason };
  return { state: 'queued', reason: outcome.kind === 'wait' ? 'касса печатает' : outcome.reason };
};

/**
 * One send of a print to the driver: the driver is asked first (`GET /api/v2/requests/{uuid}`), and the task posted only
 * if it does not know it, so a task the register holds is never posted again (issue 30: a device posted its task twice),
 * whatever the print's record says of its tries — the record is replicated, and a pull can put an older copy of it
 * back for a moment (DECISIONS «A device posted its task twice, once»). A task posted is the same task under its uuid
 * (one the driver knows is answered as such: `driverKnowsTask`), then its result read.
 */
const sendToDriver = async (url: string, uuid: string, p: CounterPrint, timeoutMs: number): Promise<Outcome> => {
  try {
    const known = await readResult(url, uuid, timeoutMs);
    if (known !== 'unknown') return known;
    const post = await fetch(`${url}/api/v2/requests`, {
      method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ uuid, request: [driverTask(p.content)] }), signal: AbortSignal.timeout(timeoutMs),
    });
    if (post.status >= 500) return { state: 'queued', reason: `касса ответила ошибкой ${post.status}` };
    if (post.status !== 200 && post.status !== 201 && !driverKnowsTask(post.status, await post.json().catch(() => null))) return { state: 'failed', reason: `касса не приняла чек (ответ ${post.status})` };
    const result = await readResult(url, uuid, timeoutMs);
    return result === 'unknown' ? { state: 'queued', reason: 'касса не назвала документ' } : result;
  } catch (e) {
    return { state: 'queued', reason: e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError') ? 'касса не ответила вовремя' : 'касса недоступна' };
  }
};

/**
 * Takes one try of a print for this round, as a won write on the device's store: its `tries` counted and its `nextAt`
 * moved past the send (`leaseMs`) before anything is posted. Another round of this device — a second tab, a printer
 * started again before the old one's round ended, another leader — finds it taken (RxDB re-runs a write another tab
 * made first on the stored record, which then no longer holds the try it saw) and sends nothing; a tab closed
 * mid-send leaves it tried. Every send asks the driver first (`sendToDriver`), so a try taken again — the record put
 * back by a pull — reads the task rather than posting it. Answers whether this round took it.
 */
const takeTry = async (doc: RxDocument<OfficeRecord>, seen: CounterPrint, now: number, leaseMs: number): Promise<boolean> => {
  let mine = false;
  await doc.incrementalModify((d) => {
    const current = recordData(counterPrint, d);
    mine = !!current && current.state === 'queued' && current.tries === seen.tries && current.nextAt <= now;
    if (!mine || !current) return d;
    return { ...d, data: { ...current, tries: current.tries + 1, nextAt: Math.max(now, Date.now()) + leaseMs }, updatedAt: Math.max(Date.now(), d.updatedAt + 1) };
  });
  return mine;
};

/**
 * One round of the device's queue: every print due (queued, its pause over) goes to the driver, and its outcome is
 * written into its record (printed with the fiscal sign, refused with the register's reason, or tried again after a
 * doubling pause). Each try is taken first (`takeTry`), so two rounds of one device never send it at once; every try
 * asks the driver before posting, so a task the register took is never posted again, nor a second receipt.
 */
export const printDue = async (office: RxCollection<OfficeRecord>, register: CounterRegister | null, o: { now?: number; timeoutMs?: number; pauseMs?: number } = {}): Promise<number> => {
  if (!register?.url) return 0;
  const now = o.now ?? Date.now();
  const docs = await office.find({ selector: { type: counterPrint.type, 'data.state': 'queued' } }).exec();
  let printed = 0;
  const timeoutMs = o.timeoutMs ?? 15_000;
  for (const doc of docs) {
    const p = recordData(counterPrint, doc.toMutableJSON());
    if (!p || p.nextAt > now) continue;
    // The try is taken before the send: one runner of this device posts a task, once (issue 30).
    if (!(await takeTry(doc, p, now, 2 * timeoutMs + 5000))) continue;
    const outcome = await sendToDriver(register.url, doc.id, p, timeoutMs);
    if (outcome.state === 'printed') printed += 1;
    await doc.incrementalModify((d) => {
      const current = recordData(counterPrint, d);
      if (!current || current.state !== 'queued') return d;
      const tries = current.tries;
      const { reason: _r, ...rest } = current;
      const next: CounterPrint =
        outcome.state === 'printed' ? { ...rest, state: 'printed', fiscal: outcome.fiscal }
        : outcome.state === 'failed' ? { ...rest, state: 'failed', reason: outcome.reason }
        : { ...rest, reason: outcome.reason, nextAt: Date.now() + Math.min(5 * 60_000, (o.pauseMs ?? 2000) * 2 ** Math.min(tries - 1, 8)) };
      return { ...d, data: next, updatedAt: Math.max(Date.now(), d.updatedAt + 1) };
    });
  }
  return printed;
};

/** The device's prints of one order (the sale's screen shows their state). */
export const printsOfOrder = async (office: RxCollection<OfficeRecord>, order: string): Promise<CounterPrint[]> =>
  (await office.find({ selector: { type: counterPrint.type, 'data.order': order } }).exec()).flatMap((d) => recordData(counterPrint, d.toMutableJSON()) ?? []);

/** A device print as the screens show it: with whether the server refused the payment's command it belongs to. */
export type CounterPrintView = CounterPrint & { paymentRefused: boolean };

/**
 * Live: the device's prints of one order (the sale's screen and the order page show their state, `counterPrintLabel`),
 * each with whether the server refused its payment's command (`settledCommandOf`; the refusal comes back to the device
 * as that command's outcome, pulled with the office): such a print is never registered by the server. The server's
 * refusal of the print itself comes in the record (`refused`); `printUnbacked` reads both.
 */
export const counterPrints$ = (office: RxCollection<OfficeRecord>, order: string): Observable<CounterPrintView[]> =>
  office.find({ selector: { type: { $in: [counterPrint.type, orderCommandEntity.type] }, 'data.order': order } }).$.pipe(
    map((docs) => {
      const records = docs.map((d) => d.toMutableJSON());
      const refused = new Set(records.flatMap((r) => (commandView(r)?.state === 'refused' ? [r.id] : [])));
      return records.flatMap((r) => {
        const p = r.type === counterPrint.type ? recordData(counterPrint, r) : null;
        return p ? [{ ...p, paymentRefused: refused.has(settledCommandOf(p)) }] : [];
      });
    }),
  );

/** Live: whether any print waits for the register (the staff shell's runner then takes a round). */
export const queuedPrints$ = (office: RxCollection<OfficeRecord>): Observable<number> =>
  office.find({ selector: { type: counterPrint.type, 'data.state': 'queued' } }).$.pipe(map((docs) => docs.length));

/** A repeating timer: starts `fn` every `ms`, answers how to stop it (tests give their own). */
type Every = (fn: () => void, ms: number) => () => void;
const everyMs: Every = (fn, ms) => {
  const timer = setInterval(fn, ms);
  return () => clearInterval(timer);
};

/** Tells the server this device does not print a receipt its payment's command said it would (`releaseUnprinted`). */
const releaseOnServer = (r: { order: string; command: string }) => call('POST /api/receipts/device-release', r);

/**
 * The moments the server is heard again: the browser's network returns (`online`), or the office replication has
 * pushed everything (`officeInSyncAt$`, written by the leader tab, read by every tab) — a release waiting out its
 * pause is asked again at once.
 */
const serverHeard$: Observable<unknown> = merge(
  'addEventListener' in globalThis ? fromEvent(globalThis, 'online') : EMPTY,
  officeInSyncAt$.pipe(skip(1)),
);

/**
 * The device's printer (the staff shell runs it while staff are signed in): a round of `printDue` whenever a print is
 * queued, and every `roundMs` while one waits (a print's own doubling pause decides when it is tried again), one round
 * at a time, against the register `register()` names then. With `me` (the signed-in staff phone), as the device's store
 * opens, the payment commands `me` marked printed here with no print (`releaseUnprinted`) are released to the server,
 * and asked again until it has heard of each, never given up (the server would hold the receipt 24 h): after a failed
 * ask the next waits 2 s, then twice as long each time up to a minute (`nextPause`, as the favourites' retries), and
 * from the first pause again, at once, when the server is heard again (`heard`: the network back, the office in sync).
 * `now` is the clock the pauses are counted on (tests give theirs). `stop` ends it and waits for a round under way; a
 * round asked after it does nothing. `settled` waits for the round and the release under way.
 */
export const runCounterPrints = (
  office: RxCollection<OfficeRecord>,
  register: () => CounterRegister | null,
  o: {
    roundMs?: number; every?: Every; me?: string; release?: (r: { order: string; command: string }) => Promise<unknown>;
    now?: () => number; heard?: Observable<unknown>;
  } = {},
) => {
  const clock = o.now ?? Date.now;
  let stopped = false;
  let running: Promise<number> | null = null;
  let queued = 0;
  const round = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    running ??= printDue(office, register())
      .catch((e: unknown) => {
        console.warn('Очередь чеков кассы:', e instanceof Error ? e.message : e);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  // Released once each while this printer runs; a store opened again looks again (the server's release is idempotent).
  const released = new Set<string>();
  let unreleased = o.me ? 1 : 0;
  let releasing: Promise<number> | null = null;
  // The pause after the last failed ask, and when the next is due (the printer's clock).
  let pause: number | undefined;
  let releaseAt = 0;
  const release = (): Promise<number> => {
    if (stopped || !o.me) return Promise.resolve(0);
    releasing ??= releaseUnprinted(office, o.me, o.release ?? releaseOnServer, released)
      .catch((e: unknown) => {
        console.warn('Чеки, которые касса не напечатала:', e instanceof Error ? e.message : e);
        return 1;
      })
      .then((left) => {
        unreleased = left;
        pause = left > 0 ? nextPause(pause) : undefined;
        releaseAt = left > 0 ? clock() + (pause ?? 0) : 0;
        return left;
      })
      .finally(() => {
        releasing = null;
      });
    return releasing;
  };
  void release();
  const cancel = (o.every ?? everyMs)(() => {
    if (queued > 0) void round();
    if (unreleased > 0 && clock() >= releaseAt) void release();
  }, o.roundMs ?? 2000);
  const sub = queuedPrints$(office).subscribe((n) => {
    queued = n;
    if (n > 0) void round();
  });
  // The server heard again: the pause starts over, and a release still owed is asked now.
  const heard = (o.heard ?? serverHeard$).subscribe(() => {
    pause = undefined;
    releaseAt = 0;
    if (unreleased > 0) void release();
  });
  return {
    round,
    release,
    settled: async (): Promise<void> => {
      await Promise.all([running, releasing]);
    },
    stop: async (): Promise<void> => {
      stopped = true;
      cancel();
      sub.unsubscribe();
      heard.unsubscribe();
      await Promise.all([running, releasing]);
    },
  };
};
