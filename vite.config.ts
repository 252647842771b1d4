import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isPageRequest, keptPagesCache, keptPagesMax, withItsScripts } from './client/lib/kept-pages';
import { isStorefrontScreens, laterCodeCache, laterFiles, laterFilesList } from './client/lib/later-code';

/** One id per build: the client compares it with /latest-build.json every hour to notice a newer build. */
const build = new Date().toISOString();

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file of the bundle, once per build, so the
 * server sends them without compressing on each request (server/precompressed.ts). Files the PWA plugin adds
 * later (sw.js, workbox) are compressed on the fly.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  enforce: 'post',
  applyToEnvironment: (environment) => environment.name === 'client',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const texts = Object.keys(bundle).filter((name) => /\.(js|mjs|css|html|svg|json|webmanifest)$/.test(name));
    await Promise.all(
      texts.map(async (name) => {
        const file = path.join(dir, name);
        const data = new Uint8Array(await fs.readFile(file));
        if (data.length < 1024) return;
        const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
        await fs.writeFile(`${file}.br`, new Uint8Array(br));
        await fs.writeFile(`${file}.gz`, new Uint8Array(zlib.gzipSync(data, { level: 9 })));
      }),
    );
  },
});

/** This build's code kept after the worker took over (client/lib/later-code.ts): listed for the tab, left out of the precache. */
const keptLater = new Set<string>();
const laterCode = (): Plugin => ({
  name: 'later-code',
  apply: 'build',
  // After Vite's own: it drops the chunks that held only CSS in its generateBundle.
  enforce: 'post',
  applyToEnvironment: (environment) => environment.name === 'client',
  generateBundle(_options, bundle) {
    // The storefront's screens are a chunk of their own group (below): it names no module as its facade.
    const chunks = Object.values(bundle).flatMap((c) =>
      c.type === 'chunk' ? [{ fileName: c.fileName, isEntry: c.isEntry, facadeModuleId: c.facadeModuleId ?? c.moduleIds.find(isStorefrontScreens) ?? null, imports: c.imports, dynamicImports: c.dynamicImports, css: [...(c.viteMetadata?.importedCss ?? [])] }] : [],
    );
    // A stylesheet imported on its own (`import('uplot/dist/uPlot.min.css')`) is an asset no chunk lists as its CSS:
    // it goes where the chunks that name it go, never into the precache by default.
    const listed = new Set(chunks.flatMap((c) => c.css));
    const code = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [{ fileName: c.fileName, code: c.code }] : []));
    const loose = Object.values(bundle)
      .filter((a) => a.type === 'asset' && a.fileName.endsWith('.css') && !listed.has(a.fileName))
      .map((a) => ({ fileName: a.fileName, namedBy: code.filter((c) => c.code.includes(a.fileName)).map((c) => c.fileName) }));
    const later = laterFiles(chunks, loose);
    keptLater.clear();
    for (const file of [...later.shop, ...later.staff]) keptLater.add(file.slice(1));
    this.emitFile({ type: 'asset', fileName: laterFilesList.slice(1), source: JSON.stringify(later) });
  },
});

/**
 * The client build's two chunks of the first view, found once the module graph is known (`buildEnd`):
 * - `first`: the entry and everything it imports statically, and the app's own small modules the storefront's screens
 *   share with the back-office (the plural forms, a schema's care rules): loaded by every page;
 * - `screens`: the storefront's screens (client/storefront-screens.tsx) and the app's own modules only storefront code
 *   imports (the page editor's preview in the site's area shows the storefront too), a chunk a back-office page never
 *   loads (issue 32, item 1).
 */
const firstView = { first: new Set<string>(), screens: new Set<string>(), shared: new Set<string>() };
const firstViewGraph = (): Plugin => ({
  name: 'first-view-graph',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    const { first, screens, shared } = firstView;
    for (const set of [first, screens, shared]) set.clear();
    const ids = [...this.getModuleIds()];
    const closure = (root: string | undefined, into: Set<string>, take: (id: string) => boolean) => {
      const todo = root ? [root] : [];
      while (todo.length) {
        const id = todo.pop()!;
        if (into.has(id) || !take(id)) continue;
        into.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    };
    closure(
      ids.find((id) => /[\\/]client[\\/]main\.tsx$/.test(id)),
      first,
      () => true,
    );
    const own = (id: string) => !first.has(id) && (/[\\/]client[\\/]/.test(id) || /[\\/]schema[\\/]/.test(id));
    const root = ids.find((id) => /[\\/]client[\\/]storefront-screens\.tsx$/.test(id));
    closure(root, screens, own);
    const storefrontSide = (id: string) => /[\\/]client[\\/](shop|studio[\\/]site)[\\/]/.test(id);
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of screens) {
        if (id === root || (this.getModuleInfo(id)?.importers ?? []).every((i) => screens.has(i) || storefrontSide(i))) continue;
        screens.delete(id);
        shared.add(id);
        changed = true;
      }
    }
  },
});

export default defineConfig(({ mode }) => {
  return {
    root: 'client',
    publicDir: 'public',
    define: { __BUILD_DATE__: JSON.stringify(build) },
    resolve: {
      alias: [
        // broadcast-channel's `unload` listener keeps every page out of the back/forward cache: ours listens to pagehide.
        { find: /^unload$/, replacement: fileURLToPath(new URL('./client/lib/unload-on-pagehide.ts', import.meta.url)) },
        // RxDB's premium check, overwritten as its source allows: its English open-core banner stays out of the console.
        { find: /^(\.\/|\.\.\/utils\/)utils-premium\.js$/, replacement: fileURLToPath(new URL('./client/lib/rxdb-open-core.ts', import.meta.url)) },
      ],
    },
    build: { outDir: '../dist', emptyOutDir: true, sourcemap: false },
    // `vite build` makes the client (dist/) and the server's renderer of public pages (dist-server/entry-server.js), one
    // file: the server loads it again under a new query for each build (server/render/renderer.ts), and a chunk of it
    // importing `../entry-server.js` would get a second copy of the app, its contexts included (the storefront's
    // screens drew «CartProvider is missing»).
    environments: {
      // The storefront's first view is one script: every module the entry imports statically goes into the entry's chunk
      // (rolldown's `$initial` tag). Left to itself, rolldown splits a storefront module into a chunk of its own as soon as
      // some admin screen imports it too; each such chunk cost the first view one request and ~0.7 KiB of headers.
      // The storefront's screens (client/storefront-screens.tsx) and what they alone of the app's lazy parts import are one
      // more chunk, fetched beside the entry on a storefront page (issue 32, item 1); a back-office page loads neither.
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'shop', tags: ['$initial'], priority: 3 },
                  { name: 'shared', test: (id: string) => firstView.shared.has(id), priority: 2 },
                  { name: 'storefront-screens', test: (id: string) => firstView.screens.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      },
      ssr: { resolve: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') }, build: { outDir: '../dist-server', emptyOutDir: true, copyPublicDir: false, rollupOptions: { input: { 'entry-server': 'client/entry-server.tsx' }, output: { codeSplitting: false } } } },
    },
    builder: {
      buildApp: async (builder) => {
        await builder.build(builder.environments.client);
        await builder.build(builder.environments.ssr);
      },
    },
    server: { proxy: { '/api': 'http://localhost:3000', '/db': 'http://localhost:3000', '/img': 'http://localhost:3000' } },
    plugins: [
      {
        name: 'latest-build-marker',
        applyToEnvironment: (environment) => environment.name === 'client',
        generateBundle() {
          this.emitFile({ type: 'asset', fileName: 'latest-build.json', source: JSON.stringify({ build }) });
        },
      },
      firstViewGraph(),
      laterCode(),
      precompress(),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: {
          name: 'Цветочная мастерская — доставка цветов по Москве',
          short_name: 'Цветы',
          lang: 'ru',
          start_url: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#2f6b3a',
          icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
          // The first view's files only: the rest is kept once the worker is active (the route below, client/lib/later-code.ts).
          // The staff's push handler (client/public/staff-push-sw.js): kept by the browser with the worker itself, so
          // not precached; the storefront's first view stays as it was.
          importScripts: ['/staff-push-sw.js'],
          manifestTransforms: [(entries) => ({ manifest: entries.filter((e) => !keptLater.has(e.url) && e.url !== 'staff-push-sw.js'), warnings: [] })],
          // No fallback route to the shell for every navigation, nor `/` as the precached shell: pages are the server's
          // (client/lib/kept-pages.ts). Set, not left out: vite-plugin-pwa would add its default fallback.
          navigateFallback: undefined,
          directoryIndex: '',
          runtimeCaching: [
            // Pages: the server's answer (404 too) when there is a network, else the copy kept of it, else the shell.
            {
              urlPattern: isPageRequest,
              handler: 'NetworkFirst',
              options: {
                cacheName: keptPagesCache,
                cacheableResponse: { statuses: [200, 404] },
                expiration: { maxEntries: keptPagesMax },
                plugins: [{ cacheWillUpdate: withItsScripts, cachedResponseWillBeUsed: withItsScripts }],
                precacheFallback: { fallbackURL: '/index.html' },
              },
            },
            // Code kept after the first view's: fetched once the worker is active (staff code once staff sign in) and
            // whenever a screen loads it; hashed names never change content. Kept by count, not age: a florist offline
            // for a week still opens the back-office.
            {
              urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
              handler: 'CacheFirst',
              options: { cacheName: laterCodeCache, expiration: { maxEntries: 600 }, cacheableResponse: { statuses: [200] } },
            },
            // Pictures: the drawn ones and the uploaded photos (/api/photos/{id}, whose address never changes content),
            // kept once seen, so a catalogue seen online shows its photos offline.
            {
              urlPattern: ({ url }) => url.pathname.startsWith('/img/') || url.pathname.startsWith('/api/photos/'),
              handler: 'CacheFirst',
              options: { cacheName: 'images', expiration: { maxEntries: 500 }, cacheableResponse: { statuses: [200] } },
            },
          ],
        },
      }),
    ],
  };
});
