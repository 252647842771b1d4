import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

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
 * directory's node_modules), for the tests that start the server as a process (server/testing/server-entry.ts).
 * Removed when the run ends.
 */
export default async function bundleServer() {
  if (process.env.TEST_SERVER_BUNDLE) return;
  const outfile = path.resolve('dist-server', `test-server-${process.pid}.mjs`);
  await build({ entryPoints: ['server/main.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning', plugins: [ownUrl] });
  process.env.TEST_SERVER_BUNDLE = outfile;
  return async () => {
    delete process.env.TEST_SERVER_BUNDLE;
    await fs.rm(outfile, { force: true });
  };
}
