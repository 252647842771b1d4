import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** One id per build: the client compares it with /latest-build.json every hour to notice a newer build. */
const build = new Date().toISOString();

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  define: { __BUILD_DATE__: JSON.stringify(build) },
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000', '/db': 'http://localhost:3000', '/img': 'http://localhost:3000' } },
  plugins: [
    {
      name: 'latest-build-marker',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'latest-build.json', source: JSON.stringify({ build }) });
      },
    },
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
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/db\//, /^\/img\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/],
        runtimeCaching: [
          { urlPattern: ({ url }) => url.pathname.startsWith('/img/'), handler: 'CacheFirst', options: { cacheName: 'images', expiration: { maxEntries: 500 } } },
        ],
      },
    }),
  ],
});
