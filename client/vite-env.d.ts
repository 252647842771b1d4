/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />
declare const __BUILD_DATE__: string;
