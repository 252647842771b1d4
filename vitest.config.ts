import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import type { TestModule } from 'vitest/node';
import type { Reporter } from 'vitest/reporters';

/** From the first file's start to the last file's end, per project: what each part of the run cost on the clock. */
const spans = new Map<string, { from: number; to: number; files: number }>();

const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/**
 * Says how long the unit tests and the journeys took (they run one after the other), then ends the run with the plain
 * line CI reads: 'tests: N passed, N failed, N skipped'.
 */
const closingLine: Reporter = {
  onTestModuleStart(module: TestModule) {
    const name = module.project.name;
    const span = spans.get(name) ?? { from: Date.now(), to: Date.now(), files: 0 };
    spans.set(name, span);
  },
  onTestModuleEnd(module: TestModule) {
    const span = spans.get(module.project.name);
    if (!span) return;
    span.to = Date.now();
    span.files += 1;
  },
  onTestRunEnd(modules, errors) {
    const states = modules.flatMap((m) => [...m.children.allTests()].map((t) => t.result().state));
    const count = (state: string) => states.filter((s) => s === state).length;
    const failed = count('failed') + errors.length + modules.filter((m) => m.state() === 'failed' && ![...m.children.allTests()].length).length;
    for (const [name, span] of spans) console.log(`${name.startsWith('e2e') ? `journeys (${name})` : name}: ${span.files} files in ${minutes(span.to - span.from)}`);
    console.log(`tests: ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped`);
  },
};

/** Journeys whose claim is about time: a second journey beside them would change what they measure. */
const timedJourneys = ['e2e/offline-first-page.test.ts'];

/**
 * Real Chromium against the real server, two files at once after the unit files (a group of its own: Vitest runs
 * groups one after the other). Each file has its own shop and Chromium, and a journey waits for the state it needs,
 * so one beside it costs time, never a result (docs/DECISIONS.md «A suite under 20 minutes»).
 */
const journeys = {
  include: ['e2e/**/*.test.ts'],
  environment: 'node',
  setupFiles: ['server/testing/no-internet.ts'],
  // The catalogue search's worker bundled once (server/testing/bundle-server.ts): a shop's search thread then starts
  // for ~0.2 CPU-s, not ~0.65 through tsx.
  globalSetup: ['server/testing/bundle-server.ts'],
  env: { LOG_LEVEL: 'warn' },
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll waits for a state as long as a locator does (e2e/harness.ts journeyWaitMs), not Vitest's 1 s: a
  // checkout on a busy machine read the studio's new closed days after that second, and failed on time alone.
  expect: { poll: { timeout: 90_000 } },
};

const unitFiles = ['schema/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}'];

/**
 * Unit files that change what other files in the same worker would see: a mocked module or stubbed global, fake
 * timers, RxDB's dev-mode (global once added: a plugin, or a device store opened with its checks), the entity registry's test entity, the metrics registry's counters, the
 * storage test's count of open databases. They run isolated (a fresh module graph each); every other unit file shares
 * its worker's imports (`isolate: false`), which halved the unit files' time. Found by reading each file, so a file
 * added later that does one of these is isolated without anyone listing it.
 */
const touchesSharedState = /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|addRxPlugin\(|dev-mode|openLocalData\([^;]*?,\s*true\b|vase-rental|metrics/s;
const unitFilePattern = /\.test\.tsx?$/;
const isolatedUnits = ['schema', 'server', 'client']
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  .filter((file) => unitFilePattern.test(file) && !file.includes('node_modules'))
  .filter((file) => file === 'server/db/storage.test.ts' || touchesSharedState.test(fs.readFileSync(file, 'utf8')));

const unit = {
  environment: 'node',
  // No test resolves a name on the internet (a real provider's address left in a test fails at once).
  setupFiles: ['server/testing/no-internet.ts'],
  // server/main.ts bundled once for the run: the files that start it as a process (~35 starts) start the bundle.
  globalSetup: ['server/testing/bundle-server.ts'],
  // The server's log (server/ops/log.ts) shows warnings and errors only; tests read the rest with captureLogs.
  env: { LOG_LEVEL: 'warn' },
  // A bound on a hang, not a claim about speed: at load 13–16 five tests of two app servers (quiet: 5–9 s)
  // passed 30 s and failed on time alone.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    reporters: ['default', closingLine],
    // Vitest's default is one worker fewer than the cores: one file at a time here. Our tests mostly wait on servers,
    // disks and Chromium, so three at once keep two cores busy.
    maxWorkers: 3,
    projects: [
      { test: { ...unit, name: 'unit', include: unitFiles, exclude: [...configDefaults.exclude, ...isolatedUnits], isolate: false } },
      // Named to sort before 'unit': Vitest queues a group's projects by name, and these started only when the unit files
      // were done, so their longest (sign-in-limits, ~40 s) ran nearly alone at the group's end (49 s, 28 Nov full run).
      { test: { ...unit, name: 'isolated', include: isolatedUnits } },
      // isolate: false — a worker imports the server once for all its journey files rather than once a file (10 journeys
      // at load 11–14: 92 s of import down to 16 s, 295 s down to 189 s). No journey mocks a module or stubs a global;
      // each starts and closes its own shop.
      { test: { ...journeys, name: 'e2e', exclude: [...configDefaults.exclude, ...timedJourneys], maxWorkers: 2, isolate: false, sequence: { groupOrder: 1 } } },
      // A journey whose claim is a time (a page read for three seconds, then offline) runs with nothing beside it, last.
      { test: { ...journeys, name: 'e2e-alone', include: timedJourneys, fileParallelism: false } },
    ],
  },
});
