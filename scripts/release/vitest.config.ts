import { defineConfig } from 'vitest/config'

// Two complete builds: a test of its own, apart from the quick unit tests.
export default defineConfig({
  test: { include: ['scripts/release/reproducible.test.ts'], environment: 'node' },
})
