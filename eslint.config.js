import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The client's two wings, by who uses them: the storefront (client/shop) and the studio (client/studio), over the
 * parts both use (client/shared: sign-in, errors, freshness, install, page analytics) and the studio's kit
 * (client/studio/kit: the generic list, form, fields and entity hooks). Each folder of a wing is an area; the studio's
 * areas are the staff menu's (orders, clients, stock, money, team, site, reports, and admin: the shell and the desk),
 * each holding one folder a screen or a few.
 *
 * What an area lets other areas import: its public files (paths inside the area, without extension). Everything else in the area is
 * its own business. A new import across areas either uses one of these or makes a file public here on purpose, in review.
 */
const publicFiles = {
  analytics: ['analytics'],
  auth: ['session', 'sign-in-on-demand', 'sign-in-dialog', 'require-staff', 'user-menu'],
  cart: ['use-cart', 'cart-widget', 'quantity-field'],
  catalog: ['use-products', 'product-list', 'product-card', 'campaign-tags', 'favourite-button', 'use-favourites'],
  errors: ['error-page'],
  install: ['active-worker'],
  search: ['search-panel', 'find-products'],
  content: ['page-body'],
  favourites: ['favourites-sync', 'favourites-page'],
  orders: ['couriers-day/couriers-day-page', 'couriers-day/use-couriers-day', 'couriers-day/route-paper', 'order-page/use-order', 'studio-order/new-order-link'],
  clients: ['cards/client-csv-tools', 'cards/client-merge', 'cards/client-dates'],
  stock: [
    ...['flowers-page', 'invoice-form', 'supplier-account', 'tech-card-list', 'tech-card-form'].map((f) => `flowers/${f}`),
    ...['items-list', 'item-screen', 'items-api'].map((f) => `items/${f}`),
    ...['slips-screen', 'write-off-screen', 'warehouses-area', 'below-zero'].map((f) => `moves/${f}`),
  ],
  money: ['charges/charges-screen', 'shift/close-shift-button', 'shift/shift-report'],
  team: ['printer/print-on-printer', 'printer/paper-doc'],
  reports: ['analytics/analytics-page', 'documents/documents-page'],
};
const foldersOf = (dir) => fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `${dir}/${d.name}`);
/** Every area of both wings and of the shared parts: a new one is checked from its first file. */
const areas = ['client/shop', 'client/studio', 'client/shared'].flatMap(foldersOf).filter((a) => a !== 'client/studio/kit');

/** The app: what wires the wings into pages (routes, the frame around every screen, the entry point and its fallback). */
const app = ['./client/frame', './client/router.tsx', './client/root-route.tsx', './client/storefront-screens.tsx', './client/admin-routes.tsx', './client/admin-guards.ts', './client/main.tsx', './client/store-failure.tsx'];
const wings = ['./client/shop', './client/studio', './client/shared'];

/**
 * One-way imports: schema → client/lib → client/data → client/ui → client/shared → the wings (the studio's kit under
 * its areas) → app. The storefront never imports the studio: a shopper's page carries no back-office code.
 * Tests are not layered: they may reach any part they check (a client test starts the real server).
 */
const layers = [
  { target: './schema', from: ['./client', './server', './e2e', './bench'], message: 'schema/ is shared by both sides and imports neither.' },
  { target: './server', from: ['./client', './e2e', './bench'], message: 'The server never imports the client.' },
  { target: './client', from: ['./server', './e2e', './bench'], message: 'The client never imports the server.' },
  { target: './client', from: './client/data/testing', message: 'What tests share is never part of the app.' },
  { target: './client/lib', from: ['./client/data', './client/ui', ...wings, ...app], message: 'client/lib sits under data, ui, the wings and the app.' },
  { target: './client/data', from: ['./client/ui', ...wings, ...app], message: 'client/data sits under ui, the wings and the app.' },
  { target: './client/ui', from: [...wings, ...app], message: 'client/ui sits under the wings and the app.' },
  { target: './client/shared', from: ['./client/shop', './client/studio'], message: 'client/shared sits under both wings and imports neither.' },
  { target: './client/shop', from: './client/studio', message: 'The storefront never imports the studio: a shopper’s page carries no back-office code.' },
  { target: './client/studio/kit', from: './client/studio', except: ['./kit'], message: 'The studio’s kit sits under its areas and imports none of them.' },
  { target: wings, from: app, message: 'The wings do not import the app (router, frame, entry point).' },
];

/** No area reaches into another's files beyond its public ones (the kit is public to the studio as a whole). */
const areaInternals = areas.map((area) => {
  const name = area.split('/').pop();
  return {
    target: areas.filter((a) => a !== area).map((a) => `./${a}`),
    from: `./${area}`,
    except: (publicFiles[name] ?? []).flatMap((file) => [`./${file}.ts`, `./${file}.tsx`]),
    message: `Another area's internals: import only its public files (eslint.config.js, publicFiles.${name}).`,
  };
});
export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'dev-dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      // TypeScript checks names and globals; the JS rule does not know DOM or Node types.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layers, ...areaInternals] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // client/**/testing/ holds what tests share (a device drill starts the real server), never imported by the app.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'client/**/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [layers[0]] }] },
  },
);
