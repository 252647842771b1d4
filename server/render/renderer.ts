import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { snapshotElementId, type ShopSnapshot } from '../../schema/shop/shop-snapshot';
import type { User } from '../../schema/shared/user';
import { drawnScreenOf, type StaffSnapshot } from '../../schema/studio/orders/board-snapshot';
import { drawnScreens, drawnSnapshotElementIds, staffUserElementId, type DrawnScreen } from '../../schema/studio/orders/staff-snapshot-ids';

/**
 * The build's renderer of public pages (client/entry-server.tsx): the page's HTML inside #root, or `null` when the
 * tab's router would write the address otherwise and draws nothing for it (the shell goes out then).
 */
type RenderPage = (href: string, snapshot: ShopSnapshot) => Promise<string | null>;

/**
 * The build's renderer of a drawn staff screen (`drawnScreens`: the orders board, an order page, the dashboard, the write-off form) for a staff member
 * (client/entry-server.tsx `renderStaffPage`), likewise.
 */
type RenderStaffPage = (href: string, user: User, snapshot: StaffSnapshot) => Promise<string | null>;

/** What the build's renderer draws: public pages, and the drawn staff screens for staff (`null` in a build without it). */
export interface Renderers {
  page: RenderPage;
  staff: RenderStaffPage | null;
}

const fn = (module: unknown, name: string): unknown => (module && typeof module === 'object' && name in module ? (module as Record<string, unknown>)[name] : undefined);

/** Where `vite build` puts the renderer: beside the client's directory, never inside it (nothing there is public). */
export const rendererFile = (distDir: string) => path.join(path.dirname(path.resolve(distDir)), 'dist-server', 'entry-server.js');

/**
 * The renderer of the build on disk, loaded again when a new build replaces it; `null` without one (a client built
 * alone), and then pages go out as the app's shell, as before server rendering.
 */
export const renderer = (file: string) => {
  let loaded: { mtime: number; render: Renderers | null } | undefined;
  return async (): Promise<Renderers | null> => {
    const mtime = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (loaded?.mtime === mtime) return loaded.render;
    if (!mtime) return (loaded = { mtime, render: null }).render;
    const module: unknown = await import(`${pathToFileURL(file).href}?build=${mtime}`);
    const page = fn(module, 'renderPage');
    const staff = fn(module, 'renderStaffPage');
    const render = typeof page === 'function' ? { page: page as RenderPage, staff: typeof staff === 'function' ? (staff as RenderStaffPage) : null } : null;
    return (loaded = { mtime, render }).render;
  };
};

/** JSON that cannot end the script element it is written into. */
export const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** What the server reads of the build's list of files (client/lib/later-code.ts `laterFilesSchema`, written by vite.config.ts). */
const builtScreens = z.object({ screens: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)) });
const builtFile = z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/);
const builtDrawn = z.object({ drawn: z.partialRecord(z.enum(drawnScreens), z.array(builtFile)) });

/** A list of the build's files (`later-files.json`), read again when a new build replaces it; none without one or when unreadable. */
const listedFiles = (distDir: string, read: (json: unknown) => string[] | undefined) => {
  const file = path.join(distDir, 'later-files.json');
  let loaded: { mtime: number; files: string[] } | undefined;
  return async (): Promise<string[]> => {
    const mtime = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (loaded?.mtime === mtime) return loaded.files;
    const files = mtime ? read(JSON.parse(await fs.promises.readFile(file, 'utf8'))) : undefined;
    return (loaded = { mtime, files: files ?? [] }).files;
  };
};

/**
 * The storefront's screens' chunk and what it imports (not the entry), as the build on disk lists them in
 * `later-files.json`, read again when a new build replaces it; none without one. A drawn storefront page names them
 * for the browser to fetch beside the entry: the entry holds no storefront screen, so that a back-office page loads
 * none (issue 32, item 1), and the page would otherwise wait a round trip more before it hydrates.
 */
export const storefrontScreens = (distDir: string) => listedFiles(distDir, (json) => builtScreens.safeParse(json).data?.screens);

/** A drawn staff screen's chunks and styles beyond the entry (`later-files.json` `drawn`), likewise. */
export const drawnScreenFiles = (distDir: string) => {
  const lists = Object.fromEntries(drawnScreens.map((screen) => [screen, listedFiles(distDir, (json) => builtDrawn.safeParse(json).data?.drawn[screen])]));
  return (screen: DrawnScreen): Promise<string[]> => lists[screen]?.() ?? Promise.resolve([]);
};

/**
 * The shell with the page drawn inside #root, the snapshot the tab hydrates it from, and the storefront's screens'
 * chunks named for the browser to fetch at once (`modulepreload`, as Vite names the entry's own imports).
 */
export const withRenderedPage = (html: string, body: string, snapshot: ShopSnapshot, screens: readonly string[] = []): string =>
  html
    .replace('</head>', () => `${screens.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>\n    <script id="${snapshotElementId}" type="application/json">${scriptSafe(snapshot)}</script>`);

/** A drawn staff screen's stand-in for the app's entry (client/public/board-boot.js). */
export const boardBootFile = '/board-boot.js';

/**
 * The app's entry is not run by the drawn board's page itself: `board-boot.js` asks for it, and for the board's chunks
 * (`chunks`, named on the script element), when the board is touched, a key is pressed or the browser is idle a while
 * after load (issue 32, item 1). Run at once, the entry's evaluation and the chunks' (1–2 s of main thread on a slow
 * phone) came right after the first paint: Lighthouse's TBT of 0.7–0.8 s. Named in the head as `modulepreload`, even
 * at low priority, the ~45 files came before the page's largest paint in Lighthouse's simulation (LCP 2.3–3.4 s where
 * FCP was 0.9–1.3 s).
 */
const withBoardBoot = (html: string, chunks: readonly string[]): string =>
  html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_all, entry: string) => `<script defer src="${boardBootFile}" data-entry="${entry}" data-chunks="${chunks.join(' ')}"></script>`);

/** The `<script type="application/json">` a staff page's snapshot goes into, for the tab to read (its element id, its content). */
export const staffSnapshotScript = (snapshot: StaffSnapshot): string => {
  const screen = drawnScreenOf(snapshot);
  // A staff snapshot holds one screen's data, under that screen's name.
  return screen ? `<script id="${drawnSnapshotElementIds[screen]}" type="application/json">${scriptSafe(Object.values(snapshot)[0])}</script>` : '';
};

/**
 * The shell with a staff screen (`drawnScreens`) drawn inside #root for a staff member (issue 32,
 * item 1): the screen's styles named in the head (styled at the first paint), its chunks named for `board-boot.js`
 * (fetched with the entry, one round, when the tab takes the screen over), its snapshot and the user it was drawn for
 * beside #root, which the tab hydrates it with (client/main.tsx).
 */
export const withDrawnScreen = (html: string, body: string, user: User, snapshot: StaffSnapshot, files: readonly string[] = []): string =>
  withBoardBoot(
    html,
    files.filter((file) => !file.endsWith('.css')),
  )
    .replace('</head>', () => `${files.flatMap((file) => (file.endsWith('.css') ? [`<link rel="stylesheet" crossorigin href="${file}">`] : [])).join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>\n    ${staffSnapshotScript(snapshot)}\n    <script id="${staffUserElementId}" type="application/json">${scriptSafe(user)}</script>`);
