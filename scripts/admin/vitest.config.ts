import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The owner tool's tests: pure parts plus runs against real anvil chains (each test file starts its own on a free
// port), so they run in node with generous timeouts.
export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['scripts/admin/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
