import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, BrowserType, Page } from '@playwright/test'
import { PRECACHE_BUDGET_BYTES } from '../src/pwa/build/appShell'
import { EAGER_COMPILE_HINT } from '../src/pwa/build/eagerCompile'
import { appEntryOf } from '../src/pwa/build/staticShell'
import type { AppServer } from '../testing/appServer'
import { chromiumArgs, chromiumPath, rpcUrl } from '../testing/env'
import { expectedShell, fileSize, pngSize, precacheManifest } from '../testing/shell'
import { accounts, type Holder, nai, percent } from './fixtures/index'
import { tr } from './fixtures/messages'
import { readsVesting, rpcMethods } from './fixtures/rpcRequests'
import { expect, test, waitForServiceWorker } from './pwa/fixtures'

const publicDir = fileURLToPath(new URL('../public', import.meta.url))
const sourceDir = fileURLToPath(new URL('../src', import.meta.url))

const CACHE_KEY = 'nai.queryCache'
const OFFLINE_REASON = 'You are offline. Actions are available again once you are back online.'

const alice: Holder = {
  account: accounts.alice,
  amount: nai('1234.5'),
  burnPercentage: percent(25),
  legacy: nai('50'),
}

/**
 * Runs `body` in a Chromium with a regular (not incognito) profile, as installing needs, and without the engagement
 * Chromium waits for before it offers installing.
 */
async function withRegularProfile(
  playwright: { chromium: BrowserType },
  profile: string,
  body: (context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--bypass-app-banner-engagement-checks'],
  })
  try {
    await body(context)
  } finally {
    await context.close()
  }
}

/** Connects the test wallet through the app's Connect button and RainbowKit's modal. */
async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  await page.getByRole('button', { name: /E2E Wallet/ }).click()
}

/** Opens the app as alice, connects, and waits until her position is on screen and in the persisted cache. */
async function openWithPosition(page: Page, app: AppServer): Promise<void> {
  await page.goto(app.url)
  await waitForServiceWorker(page)
  await connect(page)
  await expect(amountOf(page)).toBeVisible()
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key)?.includes('claimByOwner') ?? false, CACHE_KEY))
    .toBe(true)
}

/** Alice's position amount, in the "Lock for the Future" panel. */
const amountOf = (page: Page) => page.getByText('1,234.5 NAI', { exact: true })

/** The network goes away for the page, its service worker and the server alike. */
async function goOffline(context: BrowserContext, app: AppServer): Promise<void> {
  app.goDown()
  await context.setOffline(true)
}

async function goOnline(context: BrowserContext, app: AppServer): Promise<void> {
  app.goUp()
  await context.setOffline(false)
}

/**
 * The app's entry script: which build the page runs. The page's shell adds it, at once or, on a device with no stored
 * figures, once the holder's first read is shown.
 */
async function entryScript(page: Page): Promise<string> {
  const selector = 'script[type="module"][src*="/assets/"]'
  await page.waitForSelector(selector, { state: 'attached' })
  return page.evaluate((s) => document.querySelector<HTMLScriptElement>(s)?.src ?? '', selector)
}

/** Every URL held in the page's Cache Storage, by cache name, with the size of each stored response. */
function cachedEntries(page: Page): Promise<Record<string, { url: string; bytes: number }[]>> {
  return page.evaluate(async () => {
    const result: Record<string, { url: string; bytes: number }[]> = {}
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      const entries: { url: string; bytes: number }[] = []
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        entries.push({ url: request.url, bytes: response ? (await response.arrayBuffer()).byteLength : 0 })
      }
      result[name] = entries
    }
    return result
  })
}

test.describe('service worker and manifest', () => {
  test('the worker installs and precaches exactly the app shell, within the budget', async ({ page, app, builds }) => {
    const shell = expectedShell(builds.current, publicDir, sourceDir)
    const manifest = precacheManifest(builds.current)
    expect(new Set(manifest.keys())).toEqual(shell.urls)
    // Wallet SDKs (MetaMask, WalletConnect, Coinbase), the phone's WalletConnect sheet, RainbowKit with its styles,
    // locales and images, and every language's catalog but English's are left to runtime caching.
    const runtimeOnly = shell.runtimeOnly.map((file) => file.replace(/^assets\//, ''))
    expect(runtimeOnly).toEqual(expect.arrayContaining([expect.stringMatching(/^metamask-sdk-/)]))
    expect(runtimeOnly).toEqual(expect.arrayContaining([expect.stringMatching(/^PhoneConnectSheet-/)]))
    for (const chunk of [
      'rainbowKit-[\\w-]{8}\\.js',
      'rainbowKit-[\\w-]{8}\\.css',
      'de-[\\w-]{8}\\.js',
      'ar-[\\w-]{8}\\.js',
    ]) {
      expect(runtimeOnly).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${chunk}$`))]))
    }
    expect([...manifest.keys()]).toEqual(expect.arrayContaining([expect.stringMatching(/^assets\/en-[\w-]{8}\.js$/)]))
    for (const locale of ['de_DE', 'fr_FR', 'ja_JP', 'zh_CN']) {
      expect(runtimeOnly).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${locale}-`))]))
    }
    for (const file of shell.runtimeOnly) expect(manifest.has(file)).toBe(false)
    const builtSize = [...manifest.keys()].reduce((sum, url) => sum + fileSize(builds.current, url), 0)
    expect(builtSize).toBeLessThanOrEqual(PRECACHE_BUDGET_BYTES)
    // The page's entry script asks Chromium to compile it as it streams in: the hint counts only as the first line.
    const html = readFileSync(join(builds.current, 'index.html'), 'utf8')
    const entry = appEntryOf(html) ?? ''
    expect(readFileSync(join(builds.current, entry), 'utf8').split('\n', 1)[0]).toBe(EAGER_COMPILE_HINT)

    await page.goto(app.url)
    await waitForServiceWorker(page)
    const stored = await cachedEntries(page)
    const precacheName = Object.keys(stored).find((name) => name.startsWith('workbox-precache'))
    expect(precacheName).toBeDefined()
    const precached = stored[precacheName ?? ''] ?? []
    const urls = precached.map((entry) => new URL(entry.url).pathname.slice(1))
    expect(new Set(urls)).toEqual(shell.urls)
    const total = precached.reduce((sum, entry) => sum + entry.bytes, 0)
    expect(total).toBe(builtSize)
    console.log(`Precache: ${precached.length} files, ${total} bytes (${(total / 1024).toFixed(1)} KiB)`)
  })

  test('the web manifest is served, valid and complete, with the iOS tags beside it', async ({ page, app }) => {
    await page.goto(app.url)
    const link = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(link).toBe('/manifest.webmanifest')
    const response = await page.request.get(`${app.url}/manifest.webmanifest`)
    expect(response.headers()['content-type']).toContain('application/manifest+json')
    const manifest = (await response.json()) as {
      name: string
      short_name: string
      description: string
      theme_color: string
      background_color: string
      display: string
      start_url: string
      scope: string
      icons: { src: string; sizes: string; type: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'NAI Vesting & Claim Portal',
      short_name: 'NAI Vesting',
      theme_color: '#0f766e',
      background_color: '#f4f7f6',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    })
    expect(manifest.description.length).toBeGreaterThan(20)
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose === undefined)).toBe(true)
    }
    expect(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')).toBe(true)
    for (const icon of manifest.icons) {
      const image = await page.request.get(`${app.url}${icon.src}`)
      expect(image.headers()['content-type']).toBe('image/png')
      const [width, height] = icon.sizes.split('x').map(Number)
      expect(pngSize(await image.body())).toEqual({ width, height })
    }

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    expect(appleIcon).toBe('/icons/apple-touch-icon-180x180.png')
    expect(pngSize(await (await page.request.get(`${app.url}${appleIcon}`)).body())).toEqual({
      width: 180,
      height: 180,
    })
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes')
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'NAI Vesting')
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e')

    // The icons are generated from the one source logo by `npm run icons`, and committed.
    const generated = readFileSync(fileURLToPath(new URL('../public/icons/pwa-512x512.png', import.meta.url)))
    expect(pngSize(generated)).toEqual({ width: 512, height: 512 })
  })

  test('Chromium reports the served build installable', async ({ playwright, app }, testInfo) => {
    await withRegularProfile(playwright, testInfo.outputPath('profile'), async (context) => {
      const page = await context.newPage()
      await page.goto(app.url)
      await waitForServiceWorker(page)
      const cdp = await context.newCDPSession(page)
      const { errors } = await cdp.send('Page.getAppManifest')
      expect(errors).toEqual([])
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
    })
  })
})

test.describe('without a service worker', () => {
  // Registration resolves to nothing, as in browsers and in-app webviews that stub it out.
  test.use({ serviceWorkers: 'block' })

  test('the app loads, reads and connects with no error on the page', async ({ page, app, chain, wallet }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(app.url)
    await connect(page)
    await expect(amountOf(page)).toBeVisible()
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
    expect(pageErrors).toEqual([])
  })
})

test.describe('runtime caching', () => {
  test('chunks outside the shell are cached when first used; RPC traffic never is', async ({
    page,
    context,
    app,
    builds,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    const runtimeOnly = new Set(expectedShell(builds.current, publicDir, sourceDir).runtimeOnly)
    const lazyLoaded = new Set<string>()
    const rpcFromWorker: string[] = []
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname.slice(1)
      if (response.url().startsWith(app.url) && runtimeOnly.has(path)) lazyLoaded.add(path)
      if (response.url().startsWith(rpcUrl) && response.fromServiceWorker()) rpcFromWorker.push(response.url())
    })
    await openWithPosition(page, app)
    // Connecting loaded some of RainbowKit's lazy chunks (modal images, the chain icon), none of them precached.
    expect(lazyLoaded.size).toBeGreaterThan(0)
    await expect
      .poll(async () => {
        const stored = await cachedEntries(page)
        return (stored['lazy-chunks'] ?? []).map((entry) => new URL(entry.url).pathname.slice(1)).sort()
      })
      .toEqual([...lazyLoaded].sort())

    const stored = await cachedEntries(page)
    expect(Object.keys(stored).sort()).toEqual(['lazy-chunks', expect.stringMatching(/^workbox-precache-v2-/)])
    for (const entries of Object.values(stored)) {
      for (const { url } of entries) expect(url.startsWith(`${app.url}/`)).toBe(true)
    }
    expect(rpcFromWorker).toEqual([])

    // Offline, they come from the worker's runtime cache.
    await goOffline(context, app)
    const fromWorker = new Map<string, boolean>()
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname.slice(1)
      if (lazyLoaded.has(path)) fromWorker.set(path, response.fromServiceWorker())
    })
    await page.reload()
    await expect(amountOf(page)).toBeVisible()
    await expect.poll(() => fromWorker.size).toBeGreaterThan(0)
    expect([...fromWorker.values()].every(Boolean)).toBe(true)
  })
})

test.describe('static routes', () => {
  test('RPC calls go straight to the network: the worker never handles them, even while a write is followed', async ({
    page,
    context,
    app,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    await openWithPosition(page, app)
    const [worker] = context.serviceWorkers()
    if (!worker) throw new Error('The page has no service worker.')
    // Every request the browser hands to the worker from now on, as its own fetch handlers see them.
    await worker.evaluate(() => {
      const seen: string[] = []
      Object.assign(self, { seen })
      self.addEventListener('fetch', (event) => seen.push((event as Event & { request: Request }).request.url))
    })
    let rpcCalls = 0
    page.on('request', (request) => {
      if (request.url().startsWith(rpcUrl)) rpcCalls++
    })

    // A write and its confirmation: the page reads the chain many times over.
    await page.getByRole('button', { name: 'Claim 50 NAI' }).click()
    await expect(page.getByText('Your legacy tokens have been claimed.')).toBeVisible()
    expect(rpcCalls).toBeGreaterThanOrEqual(3)
    const seen = await worker.evaluate(() => (self as unknown as { seen: string[] }).seen)
    expect(seen.filter((url) => url.startsWith(rpcUrl))).toEqual([])
  })
})

test.describe('install', () => {
  test('"Install app" once a position is on screen, where the browser offers installing; it opens the browser\'s install prompt', async ({
    playwright,
    app,
    chain,
  }, testInfo) => {
    await chain.addHolder(alice)
    await withRegularProfile(playwright, testInfo.outputPath('profile'), async (context) => {
      const page = await context.newPage()
      // Counts the calls of the browser's own prompt() (the event type is Chromium's, not in the DOM typings).
      await page.addInitScript(() => {
        type PromptEvent = { prototype: { prompt: (this: Event) => Promise<void> } }
        const { prototype } = (window as unknown as { BeforeInstallPromptEvent: PromptEvent }).BeforeInstallPromptEvent
        const prompt = prototype.prompt
        prototype.prompt = function (this: Event) {
          const root = document.documentElement
          root.dataset.installPrompts = String(Number(root.dataset.installPrompts ?? 0) + 1)
          return prompt.call(this)
        }
        window.addEventListener('beforeinstallprompt', () => {
          document.documentElement.dataset.installOffered = 'true'
        })
      })
      await page.goto(app.url)
      const offer = page.getByRole('complementary', { name: 'Install app' })
      // Chromium fires beforeinstallprompt once the page is installable; a first visit has no position to keep yet.
      await expect(page.locator('html')).toHaveAttribute('data-install-offered', 'true')
      await expect(page.getByText('Connect your wallet to see your vesting position.')).toBeVisible()
      await expect(offer).toHaveCount(0)

      await page.getByRole('textbox', { name: 'Watch an address without connecting' }).fill(alice.account)
      await page.getByRole('button', { name: 'Watch', exact: true }).click()
      await expect(amountOf(page)).toBeVisible()
      await expect(offer).toBeVisible()
      await expect(offer).toContainText('Install the portal for quick access to your position, even offline.')
      await offer.getByRole('button', { name: 'Install app' }).click()
      await expect(page.locator('html')).toHaveAttribute('data-install-prompts', '1')
    })
  })

  test('an offer the browser makes before the app has loaded is kept: "Install app" shows with the position', async ({
    page,
    app,
    chain,
  }) => {
    await chain.addHolder(alice)
    // Chromium offers installing once, as soon as the page is installable; on a slow first visit that can be while
    // the app's code is still on its way. Here the offer comes as the document is parsed, and the app's code is held
    // back until it has.
    let offered: () => void = () => {}
    const offerMade = new Promise<void>((resolve) => (offered = resolve))
    await page.exposeFunction('installOffered', () => offered())
    await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
      await offerMade
      await route.continue()
    })
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.documentElement
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            root.dataset.installPrompts = String(Number(root.dataset.installPrompts ?? 0) + 1)
            return Promise.resolve()
          },
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        })
        window.dispatchEvent(event)
        root.dataset.offerPrevented = String(event.defaultPrevented)
        void (window as unknown as { installOffered: () => Promise<void> }).installOffered()
      })
    })
    await page.goto(app.url)
    await expect(page.getByText('Connect your wallet to see your vesting position.')).toBeVisible()
    // The shell kept the offer and held the browser's own mini-infobar back.
    await expect(page.locator('html')).toHaveAttribute('data-offer-prevented', 'true')

    await page.getByRole('textbox', { name: 'Watch an address without connecting' }).fill(alice.account)
    await page.getByRole('button', { name: 'Watch', exact: true }).click()
    await expect(amountOf(page)).toBeVisible()
    const offer = page.getByRole('complementary', { name: 'Install app' })
    await expect(offer).toBeVisible()
    await offer.getByRole('button', { name: 'Install app' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-install-prompts', '1')
  })

  test('nothing is offered when the app already runs installed', async ({ playwright, app, chain }, testInfo) => {
    await chain.addHolder(alice)
    await withRegularProfile(playwright, testInfo.outputPath('profile'), async (context) => {
      const page = await context.newPage()
      await page.addInitScript(() => {
        // Launched from the home screen, the page matches (display-mode: standalone).
        const matchMedia = window.matchMedia.bind(window)
        window.matchMedia = (query) => matchMedia(query.includes('display-mode: standalone') ? 'all' : query)
        window.addEventListener('beforeinstallprompt', () => {
          document.documentElement.dataset.installOffered = 'true'
        })
      })
      await page.goto(`${app.url}/?address=${alice.account}`)
      // The browser still offers installing and a position is on screen; the app, running installed, offers nothing.
      await expect(page.locator('html')).toHaveAttribute('data-install-offered', 'true')
      await expect(amountOf(page)).toBeVisible()
      await expect(page.getByRole('complementary', { name: 'Install app' })).toHaveCount(0)
    })
  })

  test.describe('iOS Safari', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/17.5 Mobile/15E148 Safari/604.1',
    })

    test('an "Add to Home Screen" hint once a position is on screen, which "Not now" puts away', async ({
      page,
      app,
      chain,
    }) => {
      await chain.addHolder(alice)
      await page.goto(app.url)
      const hint = page.getByRole('complementary', { name: 'Add to Home Screen' })
      await expect(page.getByText('Connect your wallet to see your vesting position.')).toBeVisible()
      await expect(hint).toHaveCount(0)
      await page.goto(`${app.url}/?address=${alice.account}`)
      await expect(amountOf(page)).toBeVisible()
      await expect(hint).toHaveText(/tap Share, then Add to Home Screen\./)
      await hint.getByRole('button', { name: 'Not now' }).click()
      await expect(hint).toHaveCount(0)
      await page.reload()
      await expect(amountOf(page)).toBeVisible()
      await expect(hint).toHaveCount(0)
    })

    test('no hint once opened from the Home Screen', async ({ page, app, chain }) => {
      await chain.addHolder(alice)
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }))
      await page.goto(`${app.url}/?address=${alice.account}`)
      await expect(amountOf(page)).toBeVisible()
      await expect(page.getByRole('complementary', { name: 'Add to Home Screen' })).toHaveCount(0)
    })
  })
})

test.describe('offline, in the holder’s language', () => {
  test.use({ locale: 'de-DE' })

  test('a German holder’s page opens offline in German: its catalog was cached on the first visit', async ({
    page,
    context,
    app,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    // A first visit: the catalog loads before the worker controls the page.
    await page.goto(app.url)
    await waitForServiceWorker(page)
    await page
      .getByRole('button', { name: tr('de', 'Connect Wallet') })
      .first()
      .click()
    await page.getByRole('button', { name: /E2E Wallet/ }).click()
    const amount = page.getByText('1.234,5 NAI', { exact: true })
    await expect(amount).toBeVisible()
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key)?.includes('claimByOwner') ?? false, CACHE_KEY))
      .toBe(true)
    // German's catalog is not precached: it is in the runtime cache once the worker took control.
    await expect
      .poll(async () =>
        (await cachedEntries(page))['lazy-chunks']?.some(({ url }) => /\/assets\/de-[\w-]{8}\.js$/.test(url)),
      )
      .toBe(true)

    await goOffline(context, app)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { name: tr('de', 'Vesting Tokens') })).toBeVisible()
    await expect(amount).toBeVisible()
    await expect(page.getByRole('region', { name: tr('de', 'Claim and Burn Now'), exact: true })).toBeVisible()
  })
})

test.describe('offline', () => {
  test.beforeEach(async ({ chain, wallet }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
  })

  test('the page, the position and a ticking countdown open from the cache; actions wait; online refreshes once', async ({
    page,
    context,
    app,
  }) => {
    await openWithPosition(page, app)

    await goOffline(context, app)
    const servedBeforeReload = app.requests().length
    const documents: boolean[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') documents.push(response.fromServiceWorker())
    })
    await page.reload()
    expect(documents).toEqual([true])
    await expect(amountOf(page)).toBeVisible()
    await expect(page.getByText('925.87 NAI', { exact: true })).toBeVisible()
    await expect(page.getByText('308.62 NAI', { exact: true })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Offline — last updated / })).toBeVisible()

    const countdown = page.locator('.panel', { hasText: 'Lock for the Future' }).locator('.countdown')
    const before = await countdown.textContent()
    expect(before).toMatch(/^12 days 23:\d\d:\d\d$/)
    await expect(countdown).not.toHaveText(before ?? '')

    await expect(page.getByRole('status').filter({ hasText: OFFLINE_REASON })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Claim 50 NAI' })).toBeDisabled()
    // Nothing reached the server: the worker served the page and its shell.
    expect(
      app
        .requests()
        .slice(servedBeforeReload)
        .filter((request) => request.status !== 'refused'),
    ).toEqual([])

    // The holder's reads are one multicall that asks the vesting contract (RainbowKit's balance is not one of them).
    const reads: string[] = []
    page.on('request', (request) => {
      if (rpcMethods(request).includes('eth_call') && readsVesting(request)) reads.push(request.postData() ?? '')
    })
    await goOnline(context, app)
    await expect(page.getByText(/^Offline — last updated/)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
    await expect.poll(() => reads.length).toBe(1)
    await page.waitForTimeout(2_000)
    expect(reads).toHaveLength(1)
  })

  test('the last connected holder’s position shows without the wallet reconnecting', async ({
    page,
    context,
    app,
    wallet,
  }) => {
    await openWithPosition(page, app)
    await goOffline(context, app)
    // The wallet no longer answers for the site: on reload it cannot reconnect.
    await wallet.disconnect()
    await page.reload()
    await expect(amountOf(page)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Offline — last updated / })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()

    // Online and without a wallet, the page asks to connect rather than showing anyone's figures.
    await goOnline(context, app)
    await expect(page.getByText('Connect your wallet to see your vesting position.')).toBeVisible()
    await expect(amountOf(page)).toHaveCount(0)
  })

  test('disconnecting while online forgets the holder: offline, nothing is shown for them', async ({
    page,
    context,
    app,
    wallet,
  }) => {
    await openWithPosition(page, app)
    await wallet.disconnect()
    await expect(page.getByText('Connect your wallet to see your vesting position.')).toBeVisible()
    await goOffline(context, app)
    await page.reload()
    await expect(page.getByText('Connect your wallet to see your vesting position.')).toBeVisible()
    await expect(amountOf(page)).toHaveCount(0)
  })
})

type StoredCache = { buster: string; timestamp: number }

const ignoredCaches: { name: string; tamper: ((stored: StoredCache) => StoredCache) | 'garbage' }[] = [
  {
    name: 'older than 24 hours',
    tamper: (stored) => ({ ...stored, timestamp: stored.timestamp - (24 * 60 * 60 * 1000 + 60_000) }),
  },
  { name: 'from another chain', tamper: (stored) => ({ ...stored, buster: stored.buster.replace(':31337:', ':1:') }) },
  {
    name: 'for other contracts',
    tamper: (stored) => ({ ...stored, buster: stored.buster.replace(/:0x[0-9a-f]{40}:/, `:0x${'1'.repeat(40)}:`) }),
  },
  { name: 'garbage', tamper: 'garbage' },
]

test.describe('a stored cache that does not fit is ignored without an error', () => {
  test.beforeEach(async ({ chain, wallet }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
  })

  for (const { name, tamper } of ignoredCaches) {
    test(name, async ({ page, context, app }) => {
      const pageErrors: Error[] = []
      page.on('pageerror', (error) => pageErrors.push(error))
      await openWithPosition(page, app)
      const stored = await page.evaluate((key) => localStorage.getItem(key) ?? '', CACHE_KEY)
      const planted =
        tamper === 'garbage'
          ? '{"buster": "0.1.0", "timestamp": 1, "clientState": {"queries": [{"queryKey": [1'
          : JSON.stringify(tamper(JSON.parse(stored) as StoredCache))
      expect(planted).not.toBe(stored)

      await goOffline(context, app)
      // Written as the page goes away, after the app's own last write.
      await page.evaluate(
        ([key, value]) => window.addEventListener('pagehide', () => localStorage.setItem(key, value)),
        [CACHE_KEY, planted] as const,
      )
      await page.reload()
      // Offline, the cache is the only source of figures: it was not used.
      await expect(page.getByText('Your vesting data could not be loaded.', { exact: false })).toBeVisible()
      await expect(amountOf(page)).toHaveCount(0)
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), CACHE_KEY)).not.toBe(planted)

      // And the app loads the figures afresh once the network is back.
      await goOnline(context, app)
      await expect(amountOf(page)).toBeVisible()
      expect(pageErrors).toEqual([])
    })
  }

  test('control: the same cache within 24 hours and for this deployment is used', async ({ page, context, app }) => {
    await openWithPosition(page, app)
    const stored = await page.evaluate((key) => localStorage.getItem(key) ?? '', CACHE_KEY)
    const parsed = JSON.parse(stored) as { timestamp: number }
    parsed.timestamp -= 23 * 60 * 60 * 1000
    await goOffline(context, app)
    await page.evaluate(([key, value]) => window.addEventListener('pagehide', () => localStorage.setItem(key, value)), [
      CACHE_KEY,
      JSON.stringify(parsed),
    ] as const)
    await page.reload()
    await expect(amountOf(page)).toBeVisible()
  })
})

test.describe('updates', () => {
  test('a new deployment is offered once no transaction is pending, and Reload switches to it', async ({
    page,
    app,
    builds,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    await openWithPosition(page, app)
    const firstVersion = await entryScript(page)
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' })
    // With nothing to offer, the bar the banners sit in is not there: a fixed box would be a compositor layer of its
    // own, carried by every frame of the ticking countdown.
    const bar = page.locator('.pwa-bar')
    await expect(bar).toBeAttached()
    await expect(bar).toBeHidden()

    // A transaction is sent and stays pending.
    await wallet.holdTransactions()
    await page.getByRole('button', { name: 'Claim 50 NAI' }).click()
    await expect(page.getByRole('button', { name: 'Claiming...' })).toBeVisible()

    app.deploy(builds.next)
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
    // The new version waits, but the banner does not interrupt the pending transaction.
    await page.waitForTimeout(1_500)
    await expect(banner).toHaveCount(0)

    await wallet.releaseTransactions()
    await expect(banner).toBeVisible()
    await expect(banner).toHaveText('A new version is available — Reload')
    // Never a forced reload: the page still runs the first version.
    expect(await entryScript(page)).toBe(firstVersion)

    const reloaded = page.waitForEvent('load')
    await banner.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    const nextEntry = appEntryOf(readFileSync(`${builds.next}/index.html`, 'utf8'))
    expect(nextEntry).toBeDefined()
    expect(await entryScript(page)).toBe(`${app.url}${nextEntry}`)
    expect(nextEntry).not.toBe(new URL(firstVersion).pathname)
    await expect(banner).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Vesting Tokens' })).toBeVisible()
  })

  test('open in two tabs: after the first reloads into the new version, Reload in the second switches to it too', async ({
    page,
    context,
    app,
    builds,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    await openWithPosition(page, app)
    const second = await context.newPage()
    await second.goto(app.url)
    await expect(amountOf(second)).toBeVisible()
    const firstVersion = await entryScript(second)
    const banner = (tab: Page) => tab.getByRole('status').filter({ hasText: 'A new version is available' })

    app.deploy(builds.next)
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
    for (const tab of [page, second]) await expect(banner(tab)).toHaveText('A new version is available — Reload')
    const nextEntry = `${app.url}${appEntryOf(readFileSync(`${builds.next}/index.html`, 'utf8'))}`

    const firstReloaded = page.waitForEvent('load')
    await banner(page).getByRole('button', { name: 'Reload' }).click()
    await firstReloaded
    expect(await entryScript(page)).toBe(nextEntry)
    // The new version now controls both tabs; the second still runs the first version and still offers the switch.
    expect(await entryScript(second)).toBe(firstVersion)
    await expect(banner(second)).toBeVisible()

    const secondReloaded = second.waitForEvent('load')
    await banner(second).getByRole('button', { name: 'Reload' }).click()
    await secondReloaded
    expect(await entryScript(second)).toBe(nextEntry)
    await expect(banner(second)).toHaveCount(0)
    await expect(amountOf(second)).toBeVisible()
  })
})
