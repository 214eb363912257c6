import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { deploymentFacts } from './src/config/build/deploymentFacts.ts'
import { linguiPlugins } from './src/i18n/build/macros.ts'
import { appShell, ONLINE_ONLY_MODULES } from './src/pwa/build/appShell.ts'
import { buildDigest } from './src/pwa/build/buildDigest.ts'
import { contentSecurityPolicyMeta } from './src/pwa/build/contentSecurityPolicy.ts'
import { eagerCompileEntry } from './src/pwa/build/eagerCompile.ts'
import { hostHeadersFile } from './src/pwa/build/hostHeaders.ts'
import { rpcPreconnect } from './src/pwa/build/rpcPreconnect.ts'
import { staticShell } from './src/pwa/build/staticShell.ts'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// A build id (e.g. a commit) makes each deployment a distinct version: the service worker offers it as an update.
const buildId = process.env.VITE_BUILD_ID?.trim()
const appVersion = buildId ? `${version}+${buildId}` : version

const shell = appShell({
  sourceDir: fileURLToPath(new URL('./src', import.meta.url)),
  onlineOnly: ONLINE_ONLY_MODULES,
})

export default defineConfig(({ mode }) => ({
  plugins: [
    ...linguiPlugins(),
    react(),
    eagerCompileEntry(),
    deploymentFacts(loadEnv(mode, process.cwd(), 'VITE_')),
    contentSecurityPolicyMeta(loadEnv(mode, process.cwd(), 'VITE_')),
    hostHeadersFile(loadEnv(mode, process.cwd(), 'VITE_')),
    rpcPreconnect(),
    staticShell({ version: appVersion }),
    shell.plugin,
    buildDigest(),
    VitePWA({
      // A new version waits for the holder to reload (never a forced reload); src/pwa registers the worker.
      registerType: 'prompt',
      injectRegister: false,
      // The icons are precached through globPatterns like every other static file.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'NAI Vesting & Claim Portal',
        short_name: 'NAI Vesting',
        description: 'See your NAI vesting position and countdowns, claim and burn, unlock, and claim legacy tokens.',
        lang: 'en',
        theme_color: '#0f766e',
        background_color: '#f4f7f6',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: '/icons/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only: pages, the app's own chunks, styles, icons and fonts (see src/pwa/build/appShell.ts).
        globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2}'],
        // The local demo's stand-in pages are links out of the app, as the real blog and social pages are.
        globIgnores: ['demo/**'],
        // …and the worker never answers for them with the app.
        navigateFallbackDenylist: [/^\/demo\//],
        manifestTransforms: [shell.manifestTransform],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // Static routes that keep the worker out of every request it would only pass on (see public/sw-routes.js).
        importScripts: ['sw-routes.js'],
        // The first worker controls the page at once, so the chunks a first visit loads are cached at runtime.
        clientsClaim: true,
        runtimeCaching: [
          {
            // Wallet SDKs, RainbowKit's locales and images: hashed, immutable files, cached when first used.
            // Same-origin GETs only: RPC (cross-origin POST) and WalletConnect traffic never match.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            method: 'GET',
            options: {
              cacheName: 'lazy-chunks',
              expiration: { maxEntries: 200, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    target: 'es2022',
    // Every browser the portal supports preloads modules itself.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the page loads up front goes into one chunk. Otherwise each module the first chunk shares with
        // a lazily loaded one (a sheet, the history reader, RainbowKit) lands in a small chunk of its own: two dozen
        // files on a first visit, which compress worse than one.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
}))
