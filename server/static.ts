import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import type { ShopConfig } from './config';
import { notFoundMeta, withMeta, type PageMetaOf } from './seo/page-meta';
import type { KnownAddress } from './seo/known-address';
import { publicOriginOf } from './seo/public-origin';
import { precompressed } from './precompressed';
import type { PageSnapshotOf } from './render/page-snapshot';
import { drawnScreenFiles, renderer, rendererFile, storefrontScreens, withDrawnScreen, withRenderedPage } from './render/renderer';
import { shopSnapshot } from '../schema/shop/shop-snapshot';
import { writtenHref } from './render/router-query';
import type { CounterIds } from '../schema/studio/site/shop-settings';
import { allowCounters, withCounters } from './render/counters';
import { log } from './ops/log';
import { withBoardSnapshot, type StaffPage } from './render/board-snapshot';
import { drawnScreenOf } from '../schema/studio/orders/board-snapshot';

const cacheFor = (res: Response, file: string) => {
  const name = path.basename(file);
  if (name === 'sw.js' || name === 'staff-push-sw.js' || name === 'board-boot.js' || name === 'index.html' || name === 'latest-build.json' || name.endsWith('.webmanifest')) res.setHeader('cache-control', 'no-cache');
  else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
};

/**
 * The built client. Hashed assets are cached for a year; index.html and the service worker never,
 * so a new build reaches every device on its next visit. Assets the build compressed (.br, .gz) are sent as such
 * to browsers that accept them. Any other GET path is the app's own route, answered with index.html carrying that
 * page's title, description, Open Graph tags and JSON-LD: 200 for a page the shop has, 404 (the app then shows
 * «Page not found») for any other; a page's address written otherwise (schema/shop/written-address.ts: a trailing slash, a query
 * its route drops or rewrites, an address without a page of its own) is answered 301 to its written form. A public page comes drawn by the build's renderer from what the server holds,
 * with that snapshot for the tab to hydrate from; should drawing fail, the shell goes out as it is. Every page names the
 * counters the shop's settings switch on, and its CSP allows their hosts (server/render/counters.ts); a staff page's CSP
 * also allows the counter register's driver (`connectOf`).
 */
export const clientFiles = (
  config: Pick<ShopConfig, 'distDir' | 'publicOrigin'>,
  metaOf: PageMetaOf,
  known: KnownAddress,
  snapshotOf: PageSnapshotOf,
  countersOf: (path: string) => Promise<CounterIds>,
  connectOf: (path: string) => Promise<readonly string[]> = async () => [],
  boardOf: (path: string, search: URLSearchParams, cookies: string | undefined) => Promise<StaffPage | null> = async () => null,
): Router => {
  const { distDir } = config;
  const files = Router();
  const index = path.join(distDir, 'index.html');
  const render = renderer(rendererFile(distDir));
  const screens = storefrontScreens(distDir);
  const screenFilesOf = drawnScreenFiles(distDir);
  const drawn = async (html: string, href: string, pathname: string): Promise<string> => {
    try {
      const [renderPage, snapshot, screenFiles] = await Promise.all([render(), snapshotOf(pathname, new URL(href, 'http://shop.invalid').searchParams), screens()]);
      const valid = snapshot && shopSnapshot.safeParse(snapshot);
      if (!renderPage || !valid?.success) return html;
      const body = await renderPage.page(href, valid.data);
      return body === null ? html : withRenderedPage(html, body, valid.data, screenFiles);
    } catch (e) {
      log.error({ err: e, href }, 'Страница не отрисована на сервере, отдаём оболочку');
      return html;
    }
  };
  /**
   * A staff page with its first content: a drawn staff screen (the orders board, an order page, the dashboard, the
   * write-off form: `drawnScreens`) drawn for its staff member (issue 32, item 1), else (a build without the staff
   * renderer, a guard that said no, a form the device fills, drawing failed) the shell with that content beside #root for the tab to draw, as before.
   */
  const staffPage = async (html: string, href: string, { user, snapshot }: StaffPage): Promise<string> => {
    const screen = drawnScreenOf(snapshot);
    if (screen) {
      try {
        const [renderers, listed] = await Promise.all([render(), screenFilesOf(screen)]);
        const body = renderers?.staff ? await renderers.staff(href, user, snapshot) : null;
        if (body !== null) return withDrawnScreen(html, body, user, snapshot, listed);
      } catch (e) {
        log.error({ err: e, href, screen }, 'Экран сотрудника не отрисован на сервере, отдаём оболочку с его данными');
      }
    }
    return withBoardSnapshot(html, snapshot);
  };
  files.use(precompressed(distDir, cacheFor));
  files.use(express.static(distDir, { index: false, setHeaders: cacheFor }));
  // A pattern without parameters: a '*' parameter would be decoded, and a malformed address (%E0%A4%A) fail as 500.
  files.get(/.*/, async (req, res, next) => {
    try {
      if (!fs.existsSync(index)) return void res.status(503).type('text/plain; charset=utf-8').send('Клиент не собран: выполните npm run build');
      const exists = await known(req.path);
      // A page's address written otherwise (a trailing slash, a query its route drops or rewrites, an address without
      // a page of its own): a bot and a first visit go straight to its one written address, drawn there.
      const written = exists ? writtenHref(req.path, new URLSearchParams(req.originalUrl.slice(req.path.length))) : null;
      if (written) return void res.redirect(301, written);
      const origin = publicOriginOf(config, req);
      const meta = exists ? await metaOf(req.path, origin) : notFoundMeta;
      const shell = withMeta(await fs.promises.readFile(index, 'utf8'), meta, origin + req.path, origin);
      const search = new URLSearchParams(req.originalUrl.slice(req.path.length));
      const [page, counters, connect, board] = await Promise.all([
        exists ? drawn(shell, req.originalUrl, req.path) : shell,
        countersOf(req.path),
        connectOf(req.path),
        exists ? boardOf(req.path, search, req.headers.cookie).catch((e: unknown) => (log.error({ err: e, path: req.path }, 'Первый вид доски заказов не собран'), null)) : null,
      ]);
      // A staff page is never a public one the renderer drew (`drawn` draws none under /admin): its shell is `page`.
      const html = board ? await staffPage(page, req.originalUrl, board) : page;
      allowCounters(res, counters, connect);
      // A page carrying the studio's orders is this staff member's alone: no shared cache may keep it.
      res.setHeader('cache-control', board ? 'private, no-cache' : 'no-cache');
      res.status(exists ? 200 : 404).type('html').send(withCounters(html, counters));
    } catch (e) {
      next(e);
    }
  });
  return files;
};
