import type { AnyEntity } from '../../schema/entities';
import type { BatchPushRule } from '../db/push-rule';

/**
 * A new command the office refuses at push is ended: stored as a tombstone (server/db/gateway.ts), as the device
 * that pushed it already holds it (it reads the server's side of a refusal as one and drops its copy). A command made
 * after it on the same device names it (`follows`) and waits for it to be answered
 * (server/orders/command-processor.ts); a command that never reaches the office would keep it waiting for the whole
 * `orderWaitMs`, while a tombstone tells every app server at once that nothing will come. Nothing is stored but the
 * tombstone — what was refused (a forged author, a day's budget spent) is not kept — and a device may push a bare
 * tombstone of an id it never had just the same (office-push-rule.ts), so this adds no way to fill the database.
 */
export const withEndedCommands =
  (registry: Record<string, AnyEntity>, inner: BatchPushRule): BatchPushRule =>
  async (db, user, docs, mark) => {
    const commandTypes = new Set<unknown>(Object.values(registry).filter((e) => e.write === 'command').map((e) => e.type));
    const rule = await inner(db, user, docs, mark);
    return (u, doc, existing) => {
      const verdict = rule(u, doc, existing);
      return verdict.ok || existing || doc._deleted || !commandTypes.has(doc.type) ? verdict : { ...verdict, end: true };
    };
  };
