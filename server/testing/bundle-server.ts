import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/**
 * Each module's `import.meta.url` stays its own source file's (as under tsx), not the bundle's: the catalogue search
 * finds its worker's file next to its own (server/db/catalog-search-thread.ts).
 */
const ownUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
      const source = await fs.readFile(file, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), loader: file.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Vitest's global setup: bundles `server/main.ts` once for the run (its packages stay imports, resolved from this
 * directory's node_modules), for the tests that start the server as a process (server/testing/server-entry.ts), and
 * the catalogue search's worker, for every search thread a test's shop starts.
 * Removed when the run ends.
 */
export default async function bundleServer() {
  if (process.env.TEST_SERVER_BUNDLE) return;
  const outfile = path.resolve('dist-server', `test-server-${process.pid}.mjs`);
  // The catalogue search's worker too (server/db/catalog-search-thread.ts): each search thread a test starts otherwise
  // registers tsx and transforms the search's modules again, ~0.65 CPU-s a start against ~0.2 from the bundle.
  const searchWorker = path.resolve('dist-server', `test-search-worker-${process.pid}.mjs`);
  const options: BuildOptions = { bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning', plugins: [ownUrl] };
  await Promise.all([build({ ...options, entryPoints: ['server/main.ts'], outfile }), build({ ...options, entryPoints: ['server/db/catalog-search-worker.ts'], outfile: searchWorker })]);
  process.env.TEST_SERVER_BUNDLE = outfile;
  process.env.TEST_SEARCH_WORKER_BUNDLE = searchWorker;
  return async () => {
    delete process.env.TEST_SERVER_BUNDLE;
    delete process.env.TEST_SEARCH_WORKER_BUNDLE;
    await Promise.all([fs.rm(outfile, { force: true }), fs.rm(searchWorker, { force: true })]);
  };
}
