import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/**
 * The baseline app's build: Vite's defaults plus vite-plugin-pwa's defaults (it precaches every emitted JS, CSS and
 * HTML file), the way a default RainbowKit PWA is set up. Only the chunk size limit is raised, so that no wallet SDK
 * is silently left out of the precache.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  envDir: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      manifest: false,
      workbox: { maximumFileSizeToCacheInBytes: 16 * 1024 * 1024 },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4096 },
})
