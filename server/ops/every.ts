import { log } from './log';

/**
 * Runs `round` at once and then every `everyMs`, never two at a time (a round still under way when the next is due is
 * that round), logging a failed one as `what`. The answer stops the rounds and waits for the one under way, so the
 * databases it uses close after it. The sending queues (receipts, refunds, order messages) each run so.
 */
export const everyRound = (round: () => Promise<unknown>, everyMs: number, what: string): (() => Promise<void>) => {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= round()
      .then(() => undefined)
      .catch((e: unknown) => log.error({ err: e }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
