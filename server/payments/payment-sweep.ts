import type { OnlinePayments } from './online-payments';
import { log } from '../ops/log';

/**
 * Every app server sweeps orders whose online payment ran out of time, at start and then every minute (or half the
 * hold, when a test sets it shorter). Two servers sweeping at once cancel an order once: see `sweep`.
 */
export const sweepOnlinePayments = (payments: OnlinePayments): (() => void) => {
  const everyMs = Math.max(200, Math.min(60_000, payments.holdMs / 2));
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await payments.sweep();
    } catch (e) {
      log.error({ err: e }, 'online payment sweep failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
