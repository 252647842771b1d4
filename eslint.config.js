import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * What a feature lets other features import: its public files (names without extension). Everything else in
 * client/features/<feature>/ is that feature's own business. A new cross-feature import either uses one of
 * these or makes a file public here on purpose, in review.
 */
const publicFiles = {
  analytics: ['analytics'],
  auth: ['session', 'sign-in-on-demand', 'sign-in-dialog', 'require-staff', 'user-menu'],
  cart: ['use-cart', 'cart-widget', 'quantity-field'],
  catalog: ['use-products', 'product-list', 'product-card', 'campaign-tags'],
  errors: ['error-page'],
  layout: ['contacts'],
  search: ['search-panel', 'find-products'],
  shift: ['close-shift-button', 'shift-report'],
  money: ['charges-screen', 'debts-page'],
  'couriers-day': ['couriers-day-page', 'courier-day', 'use-couriers-day'],
  'studio-order': ['new-order-link', 'new-order-page', 'provisional-orders'],
  'orders-board': ['orders-board', 'board-search'],
  'order-page': ['order-page', 'use-order'],
  printer: ['print-on-printer', 'paper-doc'],
  content: ['page-body'],
  clients: ['client-csv-tools', 'client-merge', 'client-dates'],
  'analytics-report': ['analytics-page'],
  'stock-moves': ['slips-screen', 'write-off-screen', 'warehouses-area', 'below-zero'],
  favourites: ['favourite-button', 'favourites-sync', 'favourites-page'],
  items: ['items-list', 'item-screen', 'items-api'],
  admin: ['list-search', 'void-panel', 'reference-input', 'form-footer'],
  stock: ['invoice-form', 'flowers-page', 'supplier-account'],
  documents: ['documents-page', 'papers', 'document-link'],
};
/** Every folder of client/features: a new feature is checked from its first file. */
const features = fs.readdirSync('client/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** The app: what wires features into pages (routes, the entry point and its fallback). */
const app = ['./client/router.tsx', './client/root-route.tsx', './client/admin-routes.tsx', './client/admin-guards.ts', './client/main.tsx', './client/store-failure.tsx'];

/**
 * One-way imports: schema → client/lib → client/data → client/ui → client/features → app.
 * Tests are not layered: they may reach any part they check (a client test starts the real server).
 */
const layers = [
  { target: './schema', from: ['./client', './server', './e2e', './bench'], message: 'schema/ is shared by both sides and imports neither.' },
  { target: './server', from: ['./client', './e2e', './bench'], message: 'The server never imports the client.' },
  { target: './client', from: ['./server', './e2e', './bench'], message: 'The client never imports the server.' },
  { target: './client/lib', from: ['./client/data', './client/ui', './client/features', ...app], message: 'client/lib sits under data, ui, features and the app.' },
  { target: './client/data', from: ['./client/ui', './client/features', ...app], message: 'client/data sits under ui, features and the app.' },
  { target: './client/ui', from: ['./client/features', ...app], message: 'client/ui sits under features and the app.' },
  { target: './client/features', from: app, message: 'Features do not import the app (router, entry point).' },
];

/** No feature reaches into another's files beyond its public ones. */
const featureInternals = features.map((feature) => ({
  target: features.filter((f) => f !== feature).map((f) => `./client/features/${f}`),
  from: `./client/features/${feature}`,
  except: (publicFiles[feature] ?? []).flatMap((name) => [`./${name}.ts`, `./${name}.tsx`]),
  message: `Another feature's internals: import only its public files (eslint.config.js, publicFiles.${feature}).`,
}));

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
      'import-x/no-restricted-paths': ['error', { zones: [...layers, ...featureInternals] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [layers[0]] }] },
  },
);
