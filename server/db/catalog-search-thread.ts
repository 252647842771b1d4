import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Product } from '../../schema/shop/product';
import { log } from '../ops/log';

export type SearchMessage =
  | { kind: 'load'; products: Product[] }
  | { kind: 'put'; products: Product[] }
  | { kind: 'remove'; ids: string[] }
  | { kind: 'find'; ask: number; query: string };
export interface SearchAnswer {
  ask: number;
  ids: string[];
}

/**
 * The worker runs our TypeScript as the server does (tsx), whether the server was started by tsx or by Vitest.
 * Its path is resolved here, so the worker finds it from any working directory.
 */
const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
const workerFile = pathToFileURL(fileURLToPath(new URL('./catalog-search-worker.ts', import.meta.url))).href;
const throughTsx = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile)}); })`;
/**
 * Under Vitest the worker's same source bundled once for the run (server/testing/bundle-server.ts), when there is one:
 * a thread started through tsx costs ~0.65 CPU-s, from the bundle ~0.2, and tests start many shops that search.
 */
const bootstrap = () => {
  const bundle = process.env.TEST_SEARCH_WORKER_BUNDLE;
  return bundle && fs.existsSync(bundle) ? `import(${JSON.stringify(pathToFileURL(bundle).href)})` : throughTsx;
};

/**
 * The catalogue search (schema/shop/search.ts) in a worker thread: a search that matches most of 50,000 products takes
 * about 150 ms, which on the request thread would hold up every other request. Changes and queries are messages in
 * one order, so an answer reflects every change sent before its query. Started on the first search; a worker that
 * fails is started again, with the products given by `products`, on the next.
 */
export const searchThread = (products: () => Product[]) => {
  let worker: Worker | null = null;
  let asks = 0;
  const waiting = new Map<number, { resolve: (ids: string[]) => void; reject: (e: unknown) => void }>();

  const failed = (e: unknown) => {
    worker = null;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  const started = (): Worker => {
    if (worker) return worker;
    const w = new Worker(bootstrap(), { eval: true });
    w.unref();
    w.on('message', (answer: SearchAnswer) => {
      waiting.get(answer.ask)?.resolve(answer.ids);
      waiting.delete(answer.ask);
    });
    w.on('error', (e) => {
      log.error({ err: e }, 'catalogue search thread failed');
      if (worker === w) failed(e);
    });
    w.on('exit', (code) => {
      if (worker === w) failed(new Error(`catalogue search thread exited with ${code}`));
    });
    const load: SearchMessage = { kind: 'load', products: products() };
    w.postMessage(load);
    return (worker = w);
  };
  const send = (message: SearchMessage) => worker?.postMessage(message);

  return {
    /** Product ids matching the query, best first, as of every change sent before. */
    find(query: string): Promise<string[]> {
      const w = started();
      const ask = ++asks;
      return new Promise<string[]>((resolve, reject) => {
        waiting.set(ask, { resolve, reject });
        const message: SearchMessage = { kind: 'find', ask, query };
        w.postMessage(message);
      });
    },
    /** New or changed products (sent only once the thread runs: it loads the whole catalogue when it starts). */
    put: (changed: Product[]) => void (changed.length && send({ kind: 'put', products: changed })),
    remove: (ids: string[]) => void (ids.length && send({ kind: 'remove', ids })),
    async close() {
      const w = worker;
      worker = null;
      failed(new Error('catalogue search thread closed'));
      await w?.terminate();
    },
  };
};
