import fs from 'node:fs';

/**
 * How a test starts `server/main.ts` as its own process: `node <bundle>` when the run has made one
 * (server/testing/bundle-server.ts, Vitest's global setup), else through tsx. The bundle is the same source compiled by
 * the same esbuild tsx uses, in one file: a start costs ~1.7 CPU-s instead of ~4.5 (tsx resolves and transforms each of
 * the server's modules at every start), and the unit files start ~35 server processes.
 */
export const serverEntry = (): string[] => {
  const bundle = process.env.TEST_SERVER_BUNDLE;
  return bundle && fs.existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
};
