import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import { baseURL, buildEnv, chromiumArgs, chromiumPath, outDir, previewPort } from './e2e/fixtures/env'
import type { E2EOptions } from './e2e/fixtures/index'
import { viewports } from './e2e/fixtures/viewports'

const build = `npx vite build --outDir ${outDir} --emptyOutDir`
const preview = `npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${previewPort} --strictPort`
/** The browser checks of the test harness itself (the injected wallet, the page clock, axe). */
const HARNESS = '**/infra.spec.ts'

// E2E_SKIP_BUILD=1 reuses the last build for quick local iterations.
const skipBuild = process.env.E2E_SKIP_BUILD === '1' && existsSync(`${outDir}/index.html`)

export default defineConfig<E2EOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One anvil on a fixed port serves the built app, so tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', testIgnore: HARNESS, use: { ...viewports.phone, formFactor: 'phone' } },
    { name: 'desktop', testIgnore: HARNESS, use: { ...viewports.desktop, formFactor: 'desktop' } },
    // The fixtures' own checks in a browser need one run, not one per form factor.
    { name: 'harness', testMatch: HARNESS, use: { ...viewports.desktop, formFactor: 'desktop' } },
  ],
  // Playwright starts the web server before globalSetup, so the one build per run happens here, ahead of preview.
  webServer: {
    command: skipBuild ? preview : `${build} && ${preview}`,
    url: baseURL,
    env: buildEnv,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
