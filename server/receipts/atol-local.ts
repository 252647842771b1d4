import { driverKnowsTask, driverOutcome, driverTask, driverTaskHeld, driverUuid } from '../../schema/studio/receipts/atol-driver';
import { log } from '../ops/log';
import { unreachable, type ProviderAnswer, type ReceiptProvider } from './provider';

/**
 * A register on the studio's counter through ATOL's «web-сервер драйвера ККТ» (issue 30, item 4): its JSON task API
 * `POST /api/v2/requests` `{uuid, request: [task]}` queues a task under our uuid (201; 409 when that uuid is known —
 * the same document, so a resend is never a second receipt), `GET /api/v2/requests/{uuid}` answers its results
 * (`ready` with `fiscalParams`, `wait`/`inProgress`, `error` with `error.description`: `driverOutcome`). The uuid is made from the
 * receipt's id, so whichever side sends it, the driver holds one task for one receipt; the task and its uuid are made
 * in schema/studio/receipts/atol-driver.ts, which a staff device printing while the server is away uses too.
 */

export interface AtolLocalReach {
  /** The driver's web server, http://localhost:16732 on the studio's computer. */
  url: string;
  timeoutMs?: number;
}

export const atolLocalProvider = (s: AtolLocalReach): ReceiptProvider => {
  const timeout = () => AbortSignal.timeout(s.timeoutMs ?? 15_000);
  const report = async (uuid: string): Promise<ProviderAnswer | { kind: 'wait' }> => {
    const res = await fetch(`${s.url}/api/v2/requests/${encodeURIComponent(uuid)}`, { signal: timeout() });
    if (res.status === 404) return { kind: 'retry', reason: 'касса не знает этот чек' };
    if (!res.ok) return { kind: 'retry', reason: `касса ответила ошибкой ${res.status}` };
    const outcome = driverOutcome(await res.json().catch(() => null));
    if (outcome.kind === 'registered') return { kind: 'registered', uuid, fiscal: outcome.fiscal };
    if (outcome.kind === 'refused') log.warn({ reason: outcome.reason }, 'ATOL driver refused a receipt');
    return outcome;
  };
  /**
   * What the driver holds under `uuid` before anything is posted (`driverTaskHeld`): a staff device may have printed
   * the receipt while the server was away, or an earlier send's answer was lost.
   */
  const held = async (uuid: string): Promise<ProviderAnswer | { kind: 'wait' } | 'unknown'> => {
    const res = await fetch(`${s.url}/api/v2/requests/${encodeURIComponent(uuid)}`, { signal: timeout() });
    const outcome = driverTaskHeld(res.status, res.ok ? await res.json().catch(() => null) : null);
    return outcome !== 'unknown' && outcome.kind === 'registered' ? { kind: 'registered', uuid, fiscal: outcome.fiscal } : outcome;
  };
  return {
    name: 'Касса на кассовом месте (АТОЛ)',
    devicePrints: true,
    async send(id, content) {
      try {
        const uuid = driverUuid(id);
        const before = await held(uuid);
        if (before !== 'unknown') return before.kind === 'wait' ? { kind: 'sent', uuid } : before;
        const res = await fetch(`${s.url}/api/v2/requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ uuid, request: [driverTask(content)] }),
          signal: timeout(),
        });
        // A task with this uuid came meanwhile (a staff device's print between the read above and this post): the same
        // receipt, whose result is read — registered with the register's fiscal sign.
        if (res.status === 201 || res.status === 200 || driverKnowsTask(res.status, await res.json().catch(() => null))) {
          const now = await report(uuid);
          return now.kind === 'wait' ? { kind: 'sent', uuid } : now;
        }
        if (res.status >= 500) return { kind: 'retry', reason: `касса ответила ошибкой ${res.status}` };
        // The task was not queued (a known uuid is answered above): nothing under this uuid, it may go again.
        return { kind: 'refused', reason: `касса не приняла чек (ответ ${res.status})`, noDocument: true };
      } catch (e) {
        return unreachable(e);
      }
    },
    async report(uuid) {
      try {
        return await report(uuid);
      } catch (e) {
        return unreachable(e);
      }
    },
  };
};
