import { z } from 'zod';
import type { DrawnScreen } from '../../schema/studio/orders/staff-snapshot-ids';

/**
 * What the service worker precaches is what the first view needs and nothing more, so it takes over within moments
 * of a first visit (issue 32, item 5). The rest of the code is kept after it is active: the storefront's lazy
 * screens for every visitor, the back-office's once a staff member is signed in (`keepLaterCode` in
 * shared/install/pwa.ts). The build lists both (`laterFilesList`); the worker keeps them in `laterCodeCache`.
 */

/** The worker's cache for code kept after it took over (the route in vite.config.ts, and the tab that checks it). */
export const laterCodeCache = 'later-code';

/** The build's list of those files, beside index.html. */
export const laterFilesList = '/later-files.json';

export const laterFilesSchema = z.object({
  /**
   * The storefront's screens (home, category, product, content…, client/storefront-screens.tsx): a chunk outside the
   * entry so that a back-office page loads none of it (issue 32, item 1), precached with the first view, and named by
   * a page the server drew on the storefront for the browser to fetch beside the entry (`modulepreload`). JS only.
   */
  screens: z.array(z.string()),
  /**
   * What each staff screen the server draws (`drawnScreens`: the orders board, an order page, the dashboard, the write-off form) needs beyond the entry
   * (the guards, the staff shell, the screen, what they import statically, and their CSS), named by its page: the CSS
   * as stylesheets (styled at its first paint), the chunks for `board-boot.js`, which fetches them beside the entry
   * when the tab takes the screen over (issue 32, item 1). Staff code all the same.
   */
  drawn: z
    .object({
      board: z.array(z.string()).default([]),
      order: z.array(z.string()).default([]),
      dashboard: z.array(z.string()).default([]),
      writeOff: z.array(z.string()).default([]),
    } satisfies Record<DrawnScreen, unknown>)
    .default({ board: [], order: [], dashboard: [], writeOff: [] }),
  /** The storefront's lazy screens (checkout, account, search…): kept for every visitor. */
  shop: z.array(z.string()),
  /** The back-office's: kept for staff only. */
  staff: z.array(z.string()),
});
export type LaterFiles = z.infer<typeof laterFilesSchema>;
/** What the worker keeps after it took over, by who needs it. */
export type LaterKind = 'shop' | 'staff';

/** Where in the source a module belongs to the back-office: a dynamic import of one starts staff code. */
export const isStaffModule = (id: string): boolean => /\/client\/(studio\/|admin-guards\.ts)/.test(id);

/** The storefront's screens, the one lazy chunk that is part of a storefront page's first view. */
export const isStorefrontScreens = (id: string): boolean => /\/client\/storefront-screens\.tsx$/.test(id);

/** The modules every drawn staff screen hydrates with (client/entry-server.tsx `renderStaffPage`): the guards and the staff shell. */
const isDrawnShellModule = (id: string): boolean => /\/client\/(admin-guards\.ts|studio\/admin\/admin-shell\.tsx)$/.test(id);

/** Each drawn staff screen's own module (its route's component), whose chunks and CSS its page names. */
const drawnScreenModules: Record<DrawnScreen, RegExp> = {
  board: /\/client\/studio\/orders\/board\/orders-board\.tsx$/,
  order: /\/client\/studio\/orders\/order-page\/order-page\.tsx$/,
  dashboard: /\/client\/studio\/admin\/dashboard-page\.tsx$/,
  // The write-off form is the route of a record's new form (/admin/{path}/new), whose screens are one module.
  writeOff: /\/client\/studio\/admin\/screens\.tsx$/,
};

/** What the build knows of a chunk: its file, the module it was split at, what it imports, and its CSS. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  css: string[];
}

/**
 * A stylesheet no chunk imports: a dynamic `import('…css')` (the analytics chart's uPlot), which the build turns into
 * the file alone, loaded by the chunks whose code names it (`namedBy`). It belongs where those chunks do.
 */
export interface LooseCss {
  fileName: string;
  namedBy: string[];
}

/**
 * Sorts the build's chunks (and their CSS) by who needs them when. The first view is the entry and what it imports
 * statically, and the storefront's screens with what they import statically (a storefront page draws one of them);
 * the storefront is what the entry reaches lazily too, except a lazy import of a back-office module; the rest is
 * staff code. A chunk two of them reach goes to the earlier.
 */
export const laterFiles = (built: BuiltChunk[], looseCss: LooseCss[] = []): LaterFiles => {
  // A loose stylesheet is read as a chunk its namers import lazily: never the first view's, the storefront's only when
  // a storefront chunk loads it, else staff code (issue 32, item 5: uPlot's CSS was precached for every shopper).
  const loose = looseCss.map((c): BuiltChunk => ({ fileName: c.fileName, isEntry: false, facadeModuleId: null, imports: [], dynamicImports: [], css: [] }));
  const chunks = [...built.map((c) => ({ ...c, dynamicImports: [...c.dynamicImports, ...looseCss.filter((l) => l.namedBy.includes(c.fileName)).map((l) => l.fileName)] })), ...loose];
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const reach = (roots: BuiltChunk[], lazy: boolean) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      const chunk = byFile.get(file);
      if (!chunk || seen.has(file)) return;
      seen.add(file);
      chunk.imports.forEach(visit);
      if (lazy) chunk.dynamicImports.filter((d) => !isStaffModule(byFile.get(d)?.facadeModuleId ?? '')).forEach(visit);
    };
    roots.forEach((c) => visit(c.fileName));
    return seen;
  };
  const entries = chunks.filter((c) => c.isEntry);
  const withCss = (files: Set<string>) => new Set([...files, ...[...files].flatMap((f) => byFile.get(f)?.css ?? [])]);
  const entryCode = reach(entries, false);
  const screensCode = reach(chunks.filter((c) => isStorefrontScreens(c.facadeModuleId ?? '')), false);
  const first = withCss(new Set([...entryCode, ...screensCode]));
  const shop = withCss(reach(entries, true));
  const staff = withCss(new Set(chunks.map((c) => c.fileName)));
  const only = (files: Set<string>, earlier: Set<string>) => [...files].filter((f) => !earlier.has(f)).map((f) => `/${f}`).sort();
  const drawnCode = (screen: DrawnScreen) => withCss(reach(chunks.filter((c) => isDrawnShellModule(c.facadeModuleId ?? '') || drawnScreenModules[screen].test(c.facadeModuleId ?? '')), false));
  const drawnOnly = (screen: DrawnScreen) => only(drawnCode(screen), withCss(entryCode));
  const drawn: Record<DrawnScreen, string[]> = { board: drawnOnly('board'), order: drawnOnly('order'), dashboard: drawnOnly('dashboard'), writeOff: drawnOnly('writeOff') };
  return { screens: only(screensCode, entryCode), drawn, shop: only(shop, first), staff: only(staff, shop) };
};
