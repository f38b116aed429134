import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The baseline page of `npm run bench` (see main.ts): built in the same run as the app, with
 * the app's public files and the same service-worker set-up. Build with
 * `npx vite build -c test/bench/baseline/vite.config.ts --outDir <dir>`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: fileURLToPath(new URL('../../../public', import.meta.url)),
  build: { target: 'es2022', sourcemap: false, emptyOutDir: true },
  logLevel: 'warn',
  plugins: [
    VitePWA({
      injectRegister: 'script',
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'base.css'],
      manifest: { name: 'Baseline', short_name: 'Baseline', start_url: '/', display: 'fullscreen' },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
