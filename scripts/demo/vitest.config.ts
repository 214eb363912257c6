import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The local demo's checks: they start anvil (on free ports) and the `npm start` script itself. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['scripts/demo/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts its own anvil; two at a time is what a 2-core machine handles without timing noise.
    maxWorkers: 2,
  },
})
