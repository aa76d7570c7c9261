import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { appChunkGroups, appGraph } from './scripts/app-chunk';
import { compileHints, entryLoaded, inlineEntryCss, precompress, preloadBoot } from './scripts/build-plugins';
import { reactSentinelErrors } from './scripts/react-sentinel-errors';
import { serviceWorker } from './scripts/sw-plugin';
import { secretFrom } from './src/server/config-secret';

// The client signs requests and decrypts replies with the same keys the server uses (also from SIGN_KEY_FILE / ENCRYPT_KEY_FILE).
process.env.VITE_SIGN_KEY ||= secretFrom(process.env, 'SIGN_KEY') ?? '';
process.env.VITE_ENCRYPT_KEY ||= secretFrom(process.env, 'ENCRYPT_KEY') ?? '';

const API_PORT = Number(process.env.API_PORT ?? 8081);
const proxied = ['/api', '/member', '/cet', '/ai', '/circle', '/school', '/dev', '/media', '/vod'];

/**
 * React Router's package resolves to its development build under every condition (remix-run/react-router#12532,
 * #14102): dev-only checks and warnings run in production. A build takes its production files instead.
 */
const REACT_ROUTER_PRODUCTION = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

const app = appGraph();

export default defineConfig(({ command }) => ({
  // Entry CSS inline in index.html; .br/.gz next to every asset; the build manifest (dist/.vite/manifest.json)
  // tells the server which chunks each block type loads, so it can preload those of the landing page.
  // dist/sw.js: the service worker, with this build's precache list (scripts/sw-plugin.ts).
  plugins: [react(), reactSentinelErrors(), app.plugin, inlineEntryCss(), entryLoaded(), preloadBoot(), compileHints(), serviceWorker(), precompress()],
  // BEIKAO_DIST: another output folder, so parallel work can build and run browser tests without sharing one dist/.
  build: {
    outDir: process.env.BEIKAO_DIST ?? 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // React in one chunk, the app with everything it imports in another (scripts/app-chunk.ts).
    rolldownOptions: { output: { codeSplitting: { groups: appChunkGroups(app) } } },
  },
  resolve: { alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [] },
  server: {
    port: Number(process.env.PORT ?? 8080),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false }])),
  },
}));
