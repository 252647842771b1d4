import { defineConfig } from 'vitest/config';
import type { Reporter } from 'vitest/reporters';

/** Ends the run with the plain line CI reads: 'tests: N passed, N failed, N skipped'. */
const closingLine: Reporter = {
  onTestRunEnd(modules, errors) {
    const states = modules.flatMap((m) => [...m.children.allTests()].map((t) => t.result().state));
    const count = (state: string) => states.filter((s) => s === state).length;
    const failed = count('failed') + errors.length + modules.filter((m) => m.state() === 'failed' && ![...m.children.allTests()].length).length;
    console.log(`tests: ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped`);
  },
};

export default defineConfig({
  test: {
    reporters: ['default', closingLine],
    // Vitest's default is one worker fewer than the cores: one file at a time here. Our tests mostly wait on servers,
    // disks and Chromium, so three at once (the journeys still one by one) keep two cores busy.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['schema/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
          environment: 'node',
          // No test resolves a name on the internet (a real provider's address left in a test fails at once).
          setupFiles: ['server/testing/no-internet.ts'],
          // The server's log (server/ops/log.ts) shows warnings and errors only; tests read the rest with captureLogs.
          env: { LOG_LEVEL: 'warn' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['server/testing/no-internet.ts'],
          env: { LOG_LEVEL: 'warn' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
