import { tierDatabases } from '../../schema/shared/databases';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { z } from 'zod';
import { commandOutcome, createCommandId, orderCommand, type CommandOutcome } from '../../schema/studio/orders/order-command';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { isStaff } from '../../schema/shared/user';
import type { Shop } from '../context';
import { getDoc, isTombstoned, upsert } from '../db/docs';
import { fromSynced, toSynced } from '../db/synced';
import type { OrderCommands } from './order-commands';
import { answeredAction } from './answered-command';
import { log } from '../ops/log';

const officeDb = tierDatabases[orderCommandEntity.tier];
/** After a failure (the store not answering) the processor looks again this much later, or at the next change. */
const retryMs = 30_000;

/**
 * The office's documents as another reader reads them (the stock projection, stock-projection.ts `docs`): every
 * document it takes in, its build from nothing included when asked before it starts, in the order read; `current`
 * catches up with every change stored before the call.
 */
export interface OfficeDocs {
  onDocs(listener: (docs: readonly { id: string; doc: unknown; deleted: boolean }[]) => void): () => void;
  current(): Promise<unknown>;
}

/**
 * A command on an order this server does not have yet, whose create command is in the office database (a payment
 * pushed with the phone order it pays: on a CouchDB cluster the office feed need not list the create first), waits
 * at most this long after it was first seen before it is refused as «Заказ не найден».
 */
const orderWaitMs = 2 * 60_000;

/** A pending command: an office record of the command entity that has no outcome yet. */
/** A create command's answer alone (its draft may be one the processor could not read, and refused). */
const createAnswer = z.object({ outcome: commandOutcome.optional() });

const pending = (doc: unknown): OfficeRecord | null => {
  if (!doc || typeof doc !== 'object' || '_deleted' in doc || (doc as { type?: unknown }).type !== orderCommandEntity.type) return null;
  const parsed = officeRecord.safeParse(fromSynced(doc as { _id: string }));
  if (!parsed.success || parsed.data.type !== orderCommandEntity.type || parsed.data.data.outcome !== undefined) return null;
  return parsed.data;
};


/**
 * Applies the commands staff devices push into the office database (issue 10). Every app server runs one: it
 * takes the office's documents as the stock projection reads them (`office`: its build from nothing at start, then its
 * reads of the changes, one read for both), so commands left without an outcome (pushed while no server ran, or cut
 * short by a crash) are applied first; a change the process's changes hub announces is read by the projection a moment
 * later unless a read sent meanwhile covers it (a push's own catch-up). Made before the projection starts, started
 * after. Two servers may take the same command at once: the order service applies a command once (its id in the
 * order's history) and answers the same outcome again, and the outcome is written only into a record that has none yet.
 */
export const commandProcessor = (shop: Shop, commands: OrderCommands, office: OfficeDocs) => {
  const db = () => shop.storage.db(officeDb);
  /** Pending commands the reads brought and this server has not taken yet, by id (the latest copy read). */
  const queue = new Map<string, OfficeRecord>();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const answer = async (record: OfficeRecord): Promise<CommandOutcome> => {
    const parsed = orderCommand.safeParse({ id: record.id, order: record.data.order, action: record.data.action });
    if (!parsed.success) return { ok: false, at: Date.now(), status: 400, reason: 'Команда не разобрана: обновите приложение и повторите' };
    const author = await shop.users.get(record.createdBy);
    if (!author || !isStaff(author)) return { ok: false, at: Date.now(), status: 403, reason: 'Команды по заказам доступны только сотрудникам студии' };
    const { outcome, order } = await commands.apply(parsed.data, author, record.createdAt);
    return outcome.ok && parsed.data.action.kind === 'photo' && order?.photo ? { ...outcome, note: order.photo } : outcome;
  };

  /**
   * Writes the outcome into the command, unless one is there already. A photo's bytes leave the record whatever the
   * answer (answered-command.ts): applied, its address is in the outcome; refused, the reason is.
   */
  const settle = async (record: OfficeRecord, outcome: CommandOutcome) => {
    await upsert<Omit<OfficeRecord, 'id'>>(db(), record.id, (doc) => {
      const current = doc && pending(doc);
      if (!current) return null;
      const action = answeredAction(current.data.action as Record<string, unknown>, outcome);
      return toSynced({ ...current, data: { ...current.data, action, outcome }, updatedAt: Math.max(Date.now(), current.updatedAt + 1) });
    });
  };

  /**
   * Commands that wait, by id, with when this server first saw them: for their order (not here yet) or for the
   * command their device made just before (`follows`, not answered yet). Derived: a restart finds them again from
   * sequence 0.
   */
  const waiting = new Map<string, { record: OfficeRecord; since: number }>();
  const waitOver = (record: OfficeRecord) => Date.now() - (waiting.get(record.id)?.since ?? Date.now()) >= orderWaitMs;
  /**
   * Refused for want of its order while that order's create is in the office database, not refused, and the wait is
   * not over. A create already refused never makes the order: the commands after it are refused at once, not after
   * the wait (a counter sale refused for its stock left its payment's print «ждёт сервер» for two minutes).
   */
  const orderNotYet = async (record: OfficeRecord, outcome: CommandOutcome) => {
    if (outcome.ok || outcome.status !== 404 || (record.data.action as { kind: string }).kind === 'create') return false;
    if (waitOver(record)) return false;
    const create = await getDoc(db(), createCommandId(String(record.data.order)));
    if (!create) return false;
    const stored = officeRecord.safeParse(fromSynced(create));
    const answered = stored.success ? createAnswer.safeParse(stored.data.data) : undefined;
    return answered?.data?.outcome?.ok !== false;
  };
  /**
   * The command this one follows on its device is not answered yet (or not here yet: a device pushes a backlog in
   * batches sent at once, and a later batch may land first), and the wait is not over. Once that one is answered,
   * applied or refused, this one is decided on the order as that one left it. A tombstone is answered too: that one
   * was refused at push (records/ended-commands.ts) or answered and swept, and will never come.
   */
  const earlierPending = async (record: OfficeRecord) => {
    const data = orderCommandEntity.fields.safeParse(record.data);
    const follows = data.success ? data.data.follows : undefined;
    if (!follows || waitOver(record)) return false;
    const earlier = await getDoc(db(), follows);
    if (earlier) return pending(earlier) !== null;
    return !(await isTombstoned(db(), follows));
  };
  const wait = (record: OfficeRecord) => {
    if (!waiting.has(record.id)) waiting.set(record.id, { record, since: Date.now() });
  };

  /** Applies the command and writes its outcome, or leaves it waiting; answers whether it was answered. */
  const take = async (record: OfficeRecord): Promise<boolean> => {
    if (await earlierPending(record)) {
      wait(record);
      return false;
    }
    const outcome = await answer(record);
    if (await orderNotYet(record, outcome)) {
      wait(record);
      return false;
    }
    waiting.delete(record.id);
    await settle(record, outcome);
    return true;
  };

  const catchUp = async () => {
    // Taken off the queue once taken: a failure leaves the rest (and this one) for the next run.
    for (const [id, record] of [...queue]) {
      await take(record);
      if (queue.get(id) === record) queue.delete(id);
    }
    // A command answered here may be the one another waits for: round again while any is answered.
    for (let answered = true; answered && waiting.size; ) {
      answered = false;
      for (const { record } of [...waiting.values()]) if (await take(record)) answered = true;
    }
    if (waiting.size) {
      clearTimeout(retry);
      retry = setTimeout(() => void run(), 5_000);
      retry.unref();
    }
  };

  /** One catch-up at a time; a change meanwhile makes it run once more after. */
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = catchUp()
      .catch((e: unknown) => {
        if (stopped) return;
        log.error({ err: e }, 'order commands: processing failed, trying again later');
        clearTimeout(retry);
        retry = setTimeout(() => void run(), retryMs);
        retry.unref();
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  };

  let started = false;
  // From the reader's first document on: what it reads before this processor starts waits in the queue.
  const untap = office.onDocs((docs) => {
    let any = false;
    for (const { id, doc, deleted } of docs) {
      const record = deleted ? null : pending(doc);
      if (record) queue.set(id, record);
      else queue.delete(id);
      any ||= !!record;
    }
    if (any && started) void run();
  });

  return {
    /** Applies every command left without an outcome (the reader has read the office by now), then follows new ones. */
    async start(): Promise<() => Promise<void>> {
      started = true;
      await office.current();
      await run();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        untap();
        await running;
      };
    },
  };
};
