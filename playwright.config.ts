import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import type { E2EOptions } from './e2e/fixtures/index'
import { viewports } from './e2e/fixtures/viewports'
import type { WalletConnectFixtures } from './e2e/fixtures/walletConnect'
import {
  baseURL,
  buildEnv,
  chromiumArgs,
  chromiumPath,
  outDir,
  previewPort,
  walletConnectBaseURL,
  walletConnectBuildEnv,
  walletConnectOutDir,
  walletConnectPreviewPort,
} from './testing/env'
import { USER_AGENTS } from './testing/userAgents'

const build = (dir: string) => `npx vite build --outDir ${dir} --emptyOutDir`
/** Served as a static host serves it, with the build's `_headers` applied (which `vite preview` ignores). */
const preview = (dir: string, port: number) => `npx tsx testing/serve.ts ${dir} ${port}`
/** The browser checks of the test harness itself (the injected wallet, the page clock, axe). */
const HARNESS = '**/infra.spec.ts'
/** Journeys through WalletConnect, against the build with a project id and the local relay. */
const WALLETCONNECT = '**/walletconnect*.spec.ts'
/** The portal as a Safe App inside Safe{Wallet}, a desktop web app. */
const SAFE = '**/safe.spec.ts'
/** The portal in the holder's language: journeys on a phone, where most holders read it. */
const LANGUAGE = '**/i18n.spec.ts'

// E2E_SKIP_BUILD=1 reuses the last build for quick local iterations.
const serve = (dir: string, port: number) =>
  process.env.E2E_SKIP_BUILD === '1' && existsSync(`${dir}/index.html`)
    ? preview(dir, port)
    : `${build(dir)} && ${preview(dir, port)}`

export default defineConfig<E2EOptions & Partial<Pick<WalletConnectFixtures, 'walletSdk'>>>({
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
    { name: 'phone', testIgnore: [HARNESS, WALLETCONNECT, SAFE], use: { ...viewports.phone, formFactor: 'phone' } },
    {
      name: 'desktop',
      testIgnore: [HARNESS, WALLETCONNECT, LANGUAGE],
      use: { ...viewports.desktop, formFactor: 'desktop' },
    },
    // The fixtures' own checks in a browser need one run, not one per form factor.
    { name: 'harness', testMatch: HARNESS, use: { ...viewports.desktop, formFactor: 'desktop' } },
    // Phones as wallets see them: by user agent, iOS and Android, against the WalletConnect build. The page's side
    // depends on the phone, the wallet's side on its SDK, and neither sees the other's: every journey runs on each
    // phone and with each SDK, Android with a wallet on today's WalletKit, the iPhone with one on the portal's own
    // WalletConnect version. The in-app journeys use the browser's own wallet, on both phones.
    ...(
      [
        ['android', 'walletkit'],
        ['iphone', 'sign-client'],
      ] as const
    ).map(([phone, walletSdk]) => ({
      name: `walletconnect-${phone}-${walletSdk}`,
      testMatch: WALLETCONNECT,
      ...(phone === 'iphone' ? { grepInvert: /@android-only/ } : {}),
      use: {
        ...viewports.phone,
        formFactor: 'phone' as const,
        userAgent: USER_AGENTS[phone],
        baseURL: walletConnectBaseURL,
        walletSdk,
      },
    })),
  ],
  // Playwright starts the web servers before globalSetup, so the builds happen here, ahead of preview.
  webServer: [
    { command: serve(outDir, previewPort), url: baseURL, env: buildEnv },
    {
      command: serve(walletConnectOutDir, walletConnectPreviewPort),
      url: walletConnectBaseURL,
      env: walletConnectBuildEnv,
    },
  ].map((server) => ({
    ...server,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
})
