import { tierDatabases } from '../../schema/shared/databases';
import { invoice } from '../../schema/entities/invoice';
import { slip } from '../../schema/entities/slip';
import { techCard } from '../../schema/entities/tech-card';
import type { TechCard } from '../../schema/studio/stock/tech-card';
import { purchasePrices, type InvoiceRecord, type PurchasePrice } from '../../schema/studio/stock/purchase-price';
import { officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { movesOfRecord, stockMovingTypes, voidTargetOf } from '../../schema/shared/record-moves';
import { BalanceBook } from '../../schema/studio/stock/stock-balance';
import type { StockAnswer } from '../../schema/studio/stock/stock-answer';
import type { ChangesHub } from '../db/changes-hub';
import type { Storage } from '../db/storage';
import { fromSynced, toSynced } from '../db/synced';
import { changesPage } from '../db/claim';
import { log } from '../ops/log';
import { ReferenceCache, type OfficeMirror } from '../records/reference-cache';
import { writeOffUses, type WriteOffUses } from '../../schema/studio/stock/write-off-choices';

type Seq = string | number;

/** One office document as a read took it in: its winning revision, or its deletion. */
export type OfficeDoc = { id: string; doc: unknown; deleted: boolean };

const officeDb = tierDatabases[invoice.tier];
/**
 * Changes read per request while catching up. Large: each request of PouchDB's changes feed over LevelDB pays a fixed
 * cost that made the rebuild from sequence 0 in pages of 500 about nine tenths of its time (200,000 moves: 10.9 s in
 * pages of 500, 1.2 s in pages of 5,000; docs/BENCH.md). 5,000 office documents are a few megabytes held at once.
 */
const batch = 5000;

/**
 * How long a change the hub announced waits for a read that covers it before the projection reads it itself. Short:
 * the command processor learns of a pushed command by this read (command-processor.ts); long enough for a device's
 * next batch, sent as the last one is answered, to arrive and send the read that covers it.
 */
const noticeWaitMs = 50;

/**
 * What the ledger projection keeps per office document: its moves (by record id, in the BalanceBook) and, for a
 * posted invoice, its data (purchase prices). Fed one change at a time: the winning revision of a document, or its
 * deletion. Seeing a document again replaces what it gave, so a replayed feed, a retried push or a cluster's branch
 * that won after a conflict never counts twice.
 */
class StockLedger {
  readonly book = new BalanceBook();
  private readonly posted = new Map<string, InvoiceRecord>();
  /** The tech cards by record id: which catalogue items are bouquets whose count the stems decide. */
  readonly cards = new Map<string, TechCard>();
  /** Orders whose assembly act is stored (by the act's id, to the order's id): their stems left through it. */
  private readonly assembly = new Map<string, string>();
  private readonly assemblies = new Set<string>();
  /**
   * How often the tech cards and the assemblies changed (a card or an act seen again counts too): with the balances
   * of the cards' stems, what the bouquets' counts read from this ledger (server/stock/bouquet-stock.ts `stemsKey`).
   */
  readonly seen = { cards: 0, assemblies: 0 };
  /** The office's reference records (flowers, warehouses, list entries), for the write pipeline's checks. */
  readonly references = new ReferenceCache();
  /** Every act's creation time and the flowers its lines name, by id: what orders the write-off form's choices. */
  private readonly acts = new Map<string, { createdAt: number; flowers: readonly string[] }>();

  /** One document as the changes feed gives it (`_id`, synced envelope), or its deletion. */
  take(id: string, doc: unknown, deleted = false): void {
    const parsed = !deleted && doc && typeof doc === 'object' ? officeRecord.safeParse(fromSynced(doc as { _id: string })) : null;
    const record = parsed?.success ? parsed.data : null;
    this.references.take(id, record);
    this.book.setVoid(id, record && voidTargetOf(record));
    const card = record?.type === techCard.type ? recordData(techCard, record) : null;
    if (card || this.cards.has(id)) this.seen.cards++;
    if (card) this.cards.set(id, card);
    else this.cards.delete(id);
    const act = record?.type === slip.type ? recordData(slip, record) : null;
    const order = act?.order;
    if (act && record) this.acts.set(id, { createdAt: record.createdAt, flowers: act.lines.map((l) => l.flower) });
    else this.acts.delete(id);
    const was = this.assembly.get(id);
    if (was !== (order || undefined)) this.seen.assemblies++;
    if (was) this.assemblies.delete(was);
    if (order) this.assemblies.add(order);
    if (order) this.assembly.set(id, order);
    else this.assembly.delete(id);
    if (!record || !stockMovingTypes.includes(record.type)) {
      this.book.set(id, []);
      this.posted.delete(id);
      return;
    }
    // An invoice's data is parsed once, for its moves (its entity's rule) and its prices.
    const data = record.type === invoice.type ? recordData(invoice, record) : null;
    this.book.set(id, record.type !== invoice.type ? movesOfRecord(record) : data ? (invoice.moves?.(data) ?? []) : []);
    if (data?.status === 'posted') this.posted.set(id, { id, updatedAt: record.updatedAt, data });
    else this.posted.delete(id);
  }

  /** Whether an order's stems already left stock through its assembly act. */
  assembled(orderId: string): boolean {
    return this.assemblies.has(orderId);
  }

  /** How often each flower was written off, as the device counts its acts (the write-off form's first content). */
  uses(): Map<string, WriteOffUses> {
    return writeOffUses(this.acts.values());
  }

  prices(): Map<string, PurchasePrice> {
    return purchasePrices([...this.posted.values()].filter((i) => !this.book.isVoided(i.id)));
  }

  /** Balances and prices by flower (and warehouse): the same answer whichever order the records were read in. */
  answer(): StockAnswer {
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const balances = this.book.all().sort((a, b) => byKey(a.flower, b.flower) || byKey(a.warehouse, b.warehouse));
    const prices = [...this.prices()].sort(([a], [b]) => byKey(a, b));
    return { balances, prices: prices.map(([flower, p]) => ({ flower, ...p })) };
  }
}

/**
 * Stock balances per flower × warehouse and purchase prices on this app server: a cache derived from the office
 * database, never state. Built from sequence 0 at start and kept current by following the database's changes through
 * the process's changes hub (a record another app server or a device wrote included). Exact because each record
 * contributes once by its id (StockLedger above). A read first catches up with the feed, so whoever posted an
 * invoice — through any app server — reads a balance that has it.
 */
export const stockProjection = (storage: Storage, hub: ChangesHub) => {
  const db = () => storage.db(officeDb);
  const ledger = new StockLedger();
  let since: Seq = 0;
  /** The reads' results taken in, in the order the reads were sent. */
  let applied: Promise<void> = Promise.resolve();
  /** Reads sent whose results are not taken in yet. */
  let inFlight = 0;
  /** A catch-up asked and not sent yet: a second caller joins it. */
  let queued: { done: Promise<void>; send: () => void } | null = null;
  /** The first read (from sequence 0) is taken in: later reads are one page of recent changes each. */
  let loaded = false;
  /** Reads sent so far, and the last few sent with their results taken in (`caughtUpSince`). */
  let sent = 0;
  const recent: { index: number; done: Promise<void> }[] = [];
  /** Office changes the hub announced, and how many of them a read sent since covers. */
  let noticed = 0;
  let covered = 0;
  let noticeTimer: NodeJS.Timeout | null = null;
  /** Told after changes of the feed were taken in (not after `saw`: the feed brings those records again). */
  const takers = new Set<() => void>();
  /** Given every document the reads take in, the build from nothing included, in the order read (`docs.onDocs`). */
  const docTakers = new Set<(docs: readonly OfficeDoc[]) => void>();
  const tell = (docs: readonly OfficeDoc[]) => {
    for (const t of docTakers) {
      try {
        t(docs);
      } catch (e) {
        log.error({ err: e }, 'stock: a reader of the office documents failed');
      }
    }
  };

  const take = (changes: PouchDB.Core.ChangesResponse<object>) => {
    for (const change of changes.results) ledger.take(change.id, change.doc, change.deleted === true);
    since = changes.last_seq;
    if (changes.results.length) {
      if (docTakers.size) tell(changes.results.map((c) => ({ id: c.id, doc: c.doc, deleted: c.deleted === true })));
      takers.forEach((t) => t());
    }
    return changes.results.length >= batch;
  };
  const catchUp = async () => {
    while (take(await db().changes({ since, include_docs: true, limit: batch, batch_size: batch, seq_interval: batch })));
  };

  /**
   * What this process wrote to the office itself (a device's push through it), by id: the revision the write got and
   * the body it stored. A catch-up reads the changes without their documents and takes these bodies for the changes
   * that are exactly these revisions; any other change (another app server's, a device's through it, this process's
   * other writers) has the page read again with documents.
   */
  const own = new Map<string, { rev: string; doc: Record<string, unknown> }>();
  const ownMost = 2_000;

  /**
   * One page of changes from `from`, as a read with documents would give it: read without documents, and only when
   * some change is not one of this process's own revisions (`own`), read again from the same sequence with them.
   */
  const page = async (from: Seq): Promise<PouchDB.Core.ChangesResponse<object>> => {
    const bare = await changesPage(db(), from, batch, false);
    const results: PouchDB.Core.ChangesResponseChange<object>[] = [];
    for (const change of bare.results) {
      const mine = own.get(change.id);
      if (change.deleted) results.push(change);
      else if (mine && mine.rev === change.changes[0]?.rev) results.push({ ...change, doc: { ...mine.doc, _id: change.id, _rev: mine.rev } as PouchDB.Core.ExistingDocument<object> });
      else return changesPage(db(), from, batch, true);
    }
    return { ...bare, results };
  };

  /**
   * The build from nothing: every document as `_all_docs` gives it, in pages (PouchDB's changes feed fetches each
   * document by a lookup of its own), then the feed from the sequence noted before. A document changed meanwhile comes
   * again through the feed and replaces what it gave.
   */
  const rebuild = async () => {
    const { update_seq: from } = await db().info();
    for (let after: string | undefined; ; ) {
      const page = await db().allDocs({ include_docs: true, limit: batch, ...(after === undefined ? {} : { startkey: after, skip: 1 }) });
      for (const row of page.rows) ledger.take(row.id, row.doc);
      if (docTakers.size) tell(page.rows.map((row) => ({ id: row.id, doc: row.doc, deleted: false })));
      if (page.rows.length < batch) break;
      after = page.rows[page.rows.length - 1]!.id;
    }
    since = from;
    loaded = true;
  };

  /** Until loaded, one read at a time; then two: a caller need not wait for the read under way before its own is sent. */
  const canSend = () => inFlight === 0 || (loaded && inFlight < 2);
  const send = (): Promise<void> => {
    inFlight++;
    covered = noticed;
    const index = ++sent;
    const read = page(since);
    read.catch(() => undefined);
    const done = applied.then(async () => {
      if (take(await read)) await catchUp();
      loaded = true;
    });
    applied = done.catch((e: unknown) => log.error({ err: e }, 'stock: reading the office changes failed'));
    const settled = () => {
      inFlight--;
      if (queued && canSend()) queued.send();
    };
    done.then(settled, settled);
    recent.push({ index, done });
    if (recent.length > 16) recent.shift();
    return done;
  };

  /**
   * A catch-up covers every change stored before the call. Callers arriving before its read is sent (in the same
   * turn, or while two reads are under way) share it. Once loaded, a read is sent at once even while an earlier one
   * is under way, so a push's batch waits about one round trip, not the feed's catch-up under way and then its own;
   * the results are taken in in the order the reads were sent, so a later read's copy of a document replaces an
   * earlier one's, never the other way round.
   */
  const sync = (): Promise<void> => {
    if (queued) return queued.done;
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve)).then(() => {
      queued = null;
      return send();
    });
    queued = { done, send: release };
    // Sent once this turn's callers have joined (a batch's rules ask together), or when a read under way ends.
    if (canSend()) release();
    return done;
  };

  /**
   * Caught up with every change stored before `mark()` answered `mark`: the first read sent after it, once its results
   * are taken in (one already taken in answers at once), or a read sent now. So a push marks the feed as it arrives,
   * with a read sent at once (`arrive`), and its judgement later waits for that read, not a new one.
   */
  const caughtUpSince = (mark: number): Promise<void> => {
    const first = recent.find((r) => r.index > mark);
    return first ? first.done : sync();
  };

  /**
   * A change the hub announced is read a moment later, and only if no read was sent since (a push's catch-up, which
   * covers it): the ledger stays current between pushes (`cached`), and a stream of pushes is not doubled by a read
   * of each change it makes. Whoever needs the changes now catches up (`current`) and never waits for this.
   */
  const noticeChange = () => {
    noticed++;
    if (noticeTimer) return;
    noticeTimer = setTimeout(() => {
      noticeTimer = null;
      if (covered < noticed) void sync().catch(() => undefined);
    }, noticeWaitMs);
  };

  return {
    /** Reads every document, then follows changes from where that read began. */
    async start(): Promise<() => void> {
      // The build counts as a read under way: a change the hub announces meanwhile is read after it, from where it began.
      inFlight++;
      const built = applied.then(rebuild);
      applied = built.catch((e: unknown) => log.error({ err: e }, 'stock: reading the office documents failed'));
      const settled = () => {
        inFlight--;
        if (queued && canSend()) queued.send();
      };
      built.then(settled, settled);
      const unwatch = hub.watch(officeDb, noticeChange);
      await built;
      await sync();
      return () => {
        unwatch();
        if (noticeTimer) clearTimeout(noticeTimer);
        noticeTimer = null;
      };
    },
    /**
     * Marks the feed as a write arrives, and sends a catch-up read at once (or joins the one about to be sent): the
     * write's judgement, made after its session and body are read, waits for that read (`current(mark)`).
     */
    mark(): number {
      const mark = sent;
      void sync().catch(() => undefined);
      return mark;
    },
    /** `listener` runs each time changes of the office feed were taken in (the bouquets' counts). Answers how to stop. */
    onTaken(listener: () => void): () => void {
      takers.add(listener);
      return () => void takers.delete(listener);
    },
    /**
     * The office's documents as this projection reads them, for another reader of the office that would otherwise read
     * the same changes itself (the command processor): `onDocs` before `start` gets the build from nothing too.
     * `current` catches up (a read sent now, or joined).
     */
    docs: {
      onDocs(listener: (docs: readonly OfficeDoc[]) => void): () => void {
        docTakers.add(listener);
        return () => void docTakers.delete(listener);
      },
      current: () => sync(),
    },
    /** The ledger as last caught up, without reading the feed (a hint: what may have changed since is not in it). */
    cached(): StockLedger {
      return ledger;
    },
    /**
     * Documents a device's push through this process has just stored in the office, each with the revision its write
     * got (the one the device was answered): a catch-up that meets exactly that revision takes this body rather than
     * reading it (`page`). Only what CouchDB answered as written belongs here.
     */
    wrote(docs: readonly { _id: string; _rev: string }[]): void {
      for (const { _rev, ...doc } of docs) {
        own.delete(doc._id);
        if (own.size >= ownMost) own.clear();
        own.set(doc._id, { rev: _rev, doc });
      }
    },
    /**
     * Records this process has just stored, counted at once rather than when the feed brings them (it brings them
     * again, which changes nothing: each record counts once by its id). So this server's next judgement by the
     * cached ledger already has them.
     */
    saw(records: readonly OfficeRecord[]): void {
      for (const r of records) ledger.take(r.id, { _id: r.id, ...toSynced(r) });
    },
    /** The ledger as of now (caught up with every change stored before the call, or before `mark` was taken). */
    async current(mark?: number): Promise<StockLedger> {
      await (mark === undefined ? sync() : caughtUpSince(mark));
      return ledger;
    },
    /**
     * The office's reference records as of now, caught up by the same read as the ledger (a batch that asks both
     * before the catch-up starts shares it): what the write pipeline's checks read (write-pipeline.ts).
     */
    mirror: {
      current: async (mark?: number) => {
        await (mark === undefined ? sync() : caughtUpSince(mark));
        return ledger.references;
      },
    } satisfies OfficeMirror,
  };
};
export type StockProjection = ReturnType<typeof stockProjection>;
