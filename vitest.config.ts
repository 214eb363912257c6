import { defineConfig } from 'vitest/config'
import { linguiPlugins } from './src/i18n/build/macros.ts'

export default defineConfig({
  // Components' messages are Lingui macros, compiled as the app's build compiles them.
  plugins: linguiPlugins(),
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'testing/**/*.test.ts',
      'scripts/lib/**/*.test.ts',
      'scripts/walletconnect/**/*.test.ts',
      'scripts/release/**/*.test.ts',
      'bench/lib/**/*.test.ts',
    ],
    // Two full builds: `npm run test:release` runs it on its own.
    exclude: ['**/node_modules/**', 'scripts/release/reproducible.test.ts'],
    // Pure logic runs in node; a component test opts into a DOM with a `// @vitest-environment jsdom` docblock.
    environment: 'node',
    setupFiles: ['src/i18n/testSetup.ts'],
  },
})
