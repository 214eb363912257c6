import type { Page } from '@playwright/test'
import { toFunctionSelector } from 'viem'
import { PRODUCTION_SCHEDULE } from '../src/domain/schedule'
import { rpcUrl } from '../testing/env'
import {
  accounts,
  type E2EWallet,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  test,
} from './fixtures/index'
import { tr } from './fixtures/messages'
import { readsVesting, rpcMethods } from './fixtures/rpcRequests'
import { card, openAs, panel } from './fixtures/ui'

/**
 * The build carries the deployment's facts (token, schedule, legacy claim start): the page paints its shell and the
 * claim window's note before any of the app's JavaScript, and a cold connected load reads the chain once, checking
 * the facts in the holder's own multicall.
 */

const alice = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) } as const satisfies Holder

const note = (page: Page) => page.locator('section.card p.note')
const BEFORE_CLOSE = ' to avoid having your tokens automatically locked.'
const AFTER_CLOSE =
  '. Tokens left untouched were locked automatically for 12 months, then unlock linearly over another 12 months.'
const CONNECT = 'Connect your wallet to see your vesting position.'
const DIFFERS =
  "This page was built with a schedule that differs from the contracts' on this chain: the dates shown are the chain's."

/** Waits until the app has stored the holder's figures on the device (it does at most once a second). */
async function positionStored(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('nai.queryCache')?.toLowerCase() ?? ''))
    .toContain(alice.account.slice(2).toLowerCase())
}

/** Keeps the app's own scripts from loading: what the page shows then is the prerendered shell alone. */
async function withoutAppScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('blockedbyclient'))
}

/** Holds the app's scripts, and with them the page's load event, until the returned function releases them. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test.describe('before any of the app’s JavaScript', () => {
  // The worker would answer the blocked scripts from its cache.
  test.use({ serviceWorkers: 'block', timezoneId: 'America/New_York' })

  test('the shell shows the header, the teasers, the card’s title and the note in the viewer’s time zone', async ({
    page,
  }) => {
    await withoutAppScripts(page)
    await page.goto('/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'NAI Vesting & Claim Portal home' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'News' }).getByRole('link')).toHaveText([
      /^Onboarding Community Feedback/,
      /^Important NAI Vesting & Claim Portal Update/,
    ])
    await expect(card(page).getByRole('heading', { level: 1 })).toHaveText('Vesting Tokens')
    await expect(note(page)).toHaveText(`Make your choice before Nov 13, 2024, 2:00 PM EST${BEFORE_CLOSE}`)
    await expect(note(page).locator('time')).toHaveAttribute('datetime', '2024-11-13T19:00:00.000Z')
    await expect(card(page).locator('.connect')).toHaveText(CONNECT)
  })

  test.describe('after the claim window closed', () => {
    test.use({ moment: moments.locked })

    test('the note says when it closed and what happened to untouched tokens', async ({ page }) => {
      await withoutAppScripts(page)
      await page.goto('/')
      await expect(note(page)).toHaveText(`The claim window closed on Nov 13, 2024, 2:00 PM EST${AFTER_CLOSE}`)
    })
  })

  test('the app then renders the same note over the shell', async ({ page }) => {
    await page.goto('/')
    await expect(card(page).getByText(CONNECT)).toBeVisible()
    await expect(note(page)).toHaveText(`Make your choice before Nov 13, 2024, 2:00 PM EST${BEFORE_CLOSE}`)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  })
})

/** The card, found by its place rather than its English name. */
const cardByPlace = (page: Page) => page.locator('section.card')

/** A message of the catalog of `locale` as the page shows it: its placeholders filled and its one tag's marks gone. */
const shown = (locale: string, message: string, values: Record<string, string> = {}) =>
  tr(locale, message, values).replace(/<\/?0>/g, '')

type Painted = { frames: string[]; unseen: number }

/**
 * Watches the page from its start until the app has rendered, at every frame once the page's stylesheet has loaded
 * (nothing is painted before): the frames in which the page was kept unseen, and in each frame it could be seen, its
 * language and direction, the card's title and the note.
 */
async function watchPaint(page: Page): Promise<() => Promise<Painted>> {
  await page.addInitScript(() => {
    const painted: Painted = { frames: [], unseen: 0 }
    ;(window as unknown as { painted: Painted }).painted = painted
    const sample = () => {
      const title = document.getElementById('vesting-title')
      const root = document.getElementById('root')
      if (title && root && document.styleSheets.length > 0) {
        if (getComputedStyle(root).visibility !== 'visible') painted.unseen++
        else {
          const { lang, dir } = document.documentElement
          const note = document.querySelector('p.note')?.textContent
          painted.frames.push(`${lang} ${dir} | ${title.textContent} | ${note}`)
        }
      }
      if (root?.dataset.app !== 'started') requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
  return () => page.evaluate(() => (window as unknown as { painted: Painted }).painted)
}

/** Holds the shell script back for `ms`, as a slow network would: the browser may paint what came before it. */
async function slowShellScript(page: Page, ms: number): Promise<void> {
  await page.route('**/shell.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

test.describe('in the holder’s language from the first paint', () => {
  test.use({ serviceWorkers: 'block', timezoneId: 'America/New_York', locale: 'de-DE' })

  test('a German browser’s shell is German before any of the app’s JavaScript', async ({ page }) => {
    await withoutAppScripts(page)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(
      page.getByRole('banner').getByRole('link', { name: tr('de', 'NAI Vesting & Claim Portal home') }),
    ).toBeVisible()
    // The blog's articles keep their own titles.
    await expect(page.getByRole('navigation', { name: tr('de', 'News') }).getByRole('link')).toHaveText([
      /^Onboarding Community Feedback/,
      /^Important NAI Vesting & Claim Portal Update/,
    ])
    await expect(cardByPlace(page).getByRole('heading', { level: 1 })).toHaveText(tr('de', 'Vesting Tokens'))
    const date = await note(page).locator('time').textContent()
    // German's date, in the viewer's time zone.
    expect(date).toMatch(/^13\. Nov\. 2024, 14:00/)
    await expect(note(page)).toHaveText(
      shown('de', 'Make your choice before <0>{date}</0> to avoid having your tokens automatically locked.', {
        date: date ?? '',
      }),
    )
    await expect(cardByPlace(page).locator('.connect')).toHaveText(tr('de', CONNECT))
  })

  test('no frame shows English, even while the shell script is on its way; the app then says the same', async ({
    page,
  }) => {
    const painted = await watchPaint(page)
    await slowShellScript(page, 400)
    await page.goto('/')
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'started')
    await expect(cardByPlace(page).locator('.connect > p').first()).toHaveText(tr('de', CONNECT))
    const { frames, unseen } = await painted()
    // Frames came while the script was held back: the page was kept unseen in them.
    expect(unseen).toBeGreaterThan(0)
    expect(frames.length).toBeGreaterThan(0)
    const title = tr('de', 'Vesting Tokens')
    expect(new Set(frames)).toEqual(new Set([`de ltr | ${title} | ${await note(page).textContent()}`]))
  })

  test.describe('right to left', () => {
    test.use({ locale: 'ar-EG' })

    test('an Arabic browser’s first frame is Arabic and laid out right to left', async ({ page }) => {
      const painted = await watchPaint(page)
      await withoutAppScripts(page)
      await slowShellScript(page, 400)
      await page.goto('/')
      await expect(cardByPlace(page).getByRole('heading', { level: 1 })).toHaveText(tr('ar', 'Vesting Tokens'))
      const { frames, unseen } = await painted()
      expect(unseen).toBeGreaterThan(0)
      expect(frames[0]).toMatch(new RegExp(`^ar rtl \\| ${tr('ar', 'Vesting Tokens')} \\| `))
      await expect(cardByPlace(page).locator('.connect')).toHaveText(tr('ar', CONNECT))
    })
  })
})

test.describe('the app taking over the shell', () => {
  test.use({ serviceWorkers: 'block' })

  test('moves nothing on the page and keeps the focus where the holder put it', async ({ page }) => {
    // The app's scripts wait until the shell has been measured and a teaser focused.
    const release = await holdAppScripts(page)
    await page.goto('/', { waitUntil: 'commit' })
    const news = page.getByRole('navigation', { name: 'News' })
    const teaser = news.getByRole('link').first()
    // A holder reaches the teaser once the page shows: it stays hidden until the shell script has worded it.
    await expect(teaser).toBeVisible()
    await teaser.focus()
    await expect(teaser).toBeFocused()
    const before = await news.boundingBox()
    expect(before).not.toBeNull()

    release()
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'started')
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(teaser).toBeFocused()
    expect(await news.boundingBox()).toEqual(before)
  })
})

test.describe('a returning holder, before any of the app’s JavaScript', () => {
  test.use({ serviceWorkers: 'block' })

  test('the position stored on the device and a ticking countdown show at once; the app then takes over', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    await openAs(page, wallet, alice.account)
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    await positionStored(page)

    await withoutAppScripts(page)
    await page.reload()
    const glance = card(page).locator('p.glance')
    await expect(glance).toHaveText(/^Your position: 1,000 NAI · Claim window closes in 12 days 23:5\d:\d\d$/)
    // Whose position it is about to be, not the first visit's prompt to connect.
    await expect(card(page).locator('.connect')).toHaveCount(0)
    const first = await glance.locator('.countdown').textContent()
    await expect(glance.locator('.countdown')).not.toHaveText(first ?? '')

    await page.unrouteAll()
    await page.reload()
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    await expect(card(page).locator('p.glance')).toHaveCount(0)
  })

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' })

    test('the stored position and its countdown are worded in the holder’s language', async ({
      page,
      chain,
      wallet,
    }) => {
      await chain.addHolder(alice)
      const claimPanel = (page: Page) => panel(page, tr('de', 'Claim and Burn Now'))
      await openAs(page, wallet, alice.account, claimPanel)
      await expect(claimPanel(page).locator('dd')).toHaveText(['750 NAI', '250 NAI'])
      await positionStored(page)

      await withoutAppScripts(page)
      await page.reload()
      const position = shown('de', 'glance.position', { amount: '1.000 NAI' })
      await expect(cardByPlace(page).locator('p.glance')).toHaveText(
        new RegExp(`^${position} · ${tr('de', 'glance.claim')} 12 Tage 23:5\\d:\\d\\d$`),
      )
      await expect(cardByPlace(page).locator('p.glance strong')).toHaveText('1.000 NAI')
    })
  })

  test('nothing is shown for a device that stored no position', async ({ page }) => {
    await withoutAppScripts(page)
    await page.goto('/')
    await expect(note(page)).toBeVisible()
    await expect(card(page).locator('p.glance')).toHaveCount(0)
    await expect(card(page).locator('.connect')).toHaveText(CONNECT)
  })
})

test.describe('a cold load', () => {
  test.use({ serviceWorkers: 'block' })

  test('a connected holder’s position takes one read of the chain: the facts are checked in the holder’s multicall', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    // The portal's reads all ask the vesting contract (RainbowKit's balance of ETH is not one of them).
    const calls: string[] = []
    page.on('request', (request) => {
      if (rpcMethods(request).includes('eth_call') && readsVesting(request)) calls.push(request.postData() ?? '')
    })
    await openAs(page, wallet, alice.account)
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    await page.waitForTimeout(1_000)
    expect(calls).toHaveLength(1)
    const [call] = calls
    // The holder's reads and the deployment's (the vesting contract's schedule getters) in the same request.
    expect(call?.toLowerCase()).toContain(alice.account.slice(2).toLowerCase())
    for (const getter of ['claimStart()', 'claimEnd()', 'unlockStart()', 'unlockEnd()', 'token()']) {
      expect(call, getter).toContain(toFunctionSelector(getter).slice(2))
    }
    await expect(page.getByText(DIFFERS)).toHaveCount(0)
  })

  test.describe('through a node always at the head', () => {
    // Counts the reads a load sends: behind a public endpoint, an answer from a node behind the figures the page has
    // shown is asked again by design (public-rpc.spec.ts).
    test.use({ rpcFaults: {} })

    test('a returning holder’s read leaves as the app starts, before its first render, and only once', async ({
      page,
      chain,
      wallet,
    }) => {
      await chain.addHolder(alice)
      await openAs(page, wallet, alice.account)
      // The device remembers the holder, not the figures: they are forgotten before the app's scripts run, since the
      // page stores them again as it unloads.
      await page.addInitScript(() => localStorage.removeItem('nai.queryCache'))
      // When the holder's multicall is handed to fetch, and when the app's first render has replaced the shell.
      await page.addInitScript((holder) => {
        const marks = window as unknown as { readAt?: number; renderedAt?: number }
        const send = window.fetch
        window.fetch = (input, init) => {
          if (marks.readAt === undefined && String(init?.body ?? '').includes(holder.slice(2).toLowerCase())) {
            marks.readAt = performance.now()
          }
          return send(input, init)
        }
        new MutationObserver(() => {
          if (marks.renderedAt === undefined && document.getElementById('root')?.dataset.app === 'started') {
            marks.renderedAt = performance.now()
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] })
      }, alice.account.toLowerCase())
      const calls: string[] = []
      page.on('request', (request) => {
        if (rpcMethods(request).includes('eth_call') && readsVesting(request)) calls.push(request.postData() ?? '')
      })
      await page.reload()
      await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
      const { readAt, renderedAt } = await page.evaluate(() => {
        const marks = window as unknown as { readAt?: number; renderedAt?: number }
        return { readAt: marks.readAt, renderedAt: marks.renderedAt }
      })
      expect(readAt).toBeDefined()
      expect(renderedAt).toBeDefined()
      expect(readAt).toBeLessThan(renderedAt ?? 0)
      await page.waitForTimeout(1_000)
      expect(calls).toHaveLength(1)
    })
  })
})

test.describe('a returning holder whose figures the device does not hold', () => {
  // Requests the page's service worker passes on would escape page.route. The timings hold for one answer: behind a
  // public endpoint, an answer from a node behind the figures shown before is asked again (public-rpc.spec.ts).
  test.use({ serviceWorkers: 'block', rpcFaults: {} })

  /** Opens alice's position once, so that the device remembers her, then forgets her figures for the next load. */
  async function rememberedWithoutFigures(page: Page, chain: LocalChain, wallet: E2EWallet): Promise<void> {
    await chain.addHolder(alice)
    await openAs(page, wallet, alice.account)
    // Before the app's scripts: the page stores its figures again as it unloads.
    await page.addInitScript(() => localStorage.removeItem('nai.queryCache'))
  }

  /** Holds the answers to alice's multicall until `answer` resolves. */
  async function holdAliceReads(page: Page, answer: () => Promise<void>): Promise<void> {
    await page.route(
      (url) => url.origin === rpcUrl,
      async (route) => {
        if (route.request().postData()?.toLowerCase().includes(alice.account.slice(2).toLowerCase())) await answer()
        await route.continue()
      },
    )
  }

  test('the page sends the holder’s read as it opens: the position shows before any of the app’s JavaScript, and the app shows the same answer without asking again', async ({
    page,
    chain,
    wallet,
  }) => {
    await rememberedWithoutFigures(page, chain, wallet)
    const release = await holdAppScripts(page)
    // Away first, so that no read of the page before is counted.
    await page.goto('about:blank')
    const calls: string[] = []
    page.on('request', (request) => {
      if (rpcMethods(request).includes('eth_call') && readsVesting(request)) calls.push(request.postData() ?? '')
    })
    // The app's scripts are held, and with them the page's load event.
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const glance = card(page).locator('p.glance')
    await expect(glance).toHaveText(/^Your position: 1,000 NAI · Claim window closes in 12 days 23:5\d:\d\d$/)
    await expect(card(page).locator('.connect')).toHaveCount(0)
    expect(await page.locator('#root').getAttribute('data-app')).toBeNull()
    expect(calls).toHaveLength(1)
    expect(calls[0]?.toLowerCase()).toContain(alice.account.slice(2).toLowerCase())

    release()
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    await expect(glance).toHaveCount(0)
    await page.waitForTimeout(1_000)
    expect(calls).toHaveLength(1)
  })

  test('a read the endpoint refuses shows nothing before the app, which then reads the position itself', async ({
    page,
    chain,
    wallet,
  }) => {
    await rememberedWithoutFigures(page, chain, wallet)
    const release = await holdAppScripts(page)
    // Away first, so that no read of the page before is refused.
    await page.goto('about:blank')
    // The first read of alice's position fails at the endpoint; the ones after it go through.
    let refused = 0
    await page.route(
      (url) => url.origin === rpcUrl,
      async (route) => {
        if (refused === 0 && route.request().postData()?.toLowerCase().includes(alice.account.slice(2).toLowerCase())) {
          refused++
          await route.fulfill({ status: 503, body: 'Service Unavailable' })
        } else await route.continue()
      },
    )
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await expect.poll(() => refused).toBe(1)
    await expect(card(page).locator('.connect')).toHaveCount(0)
    await expect(card(page).locator('p.glance')).toHaveCount(0)
    release()
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('the app’s first render waits for a quick read: the figures come without a "Loading..." before them', async ({
    page,
    chain,
    wallet,
  }) => {
    await rememberedWithoutFigures(page, chain, wallet)
    // An answer that takes 200 ms: longer than the app's first render, shorter than the wait for it.
    await holdAliceReads(page, () => new Promise((resolve) => setTimeout(resolve, 200)))
    await page.addInitScript(() => {
      const marks = window as unknown as { loadingShown?: boolean }
      new MutationObserver(() => {
        if (document.querySelector('#root[data-app="started"] p.status')?.textContent === 'Loading...') {
          marks.loadingShown = true
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
    })
    await page.reload()
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    expect(await page.evaluate(() => (window as unknown as { loadingShown?: boolean }).loadingShown)).toBeUndefined()
  })

  test('a read that does not answer keeps the app waiting no longer than a moment: "Loading...", then the figures', async ({
    page,
    chain,
    wallet,
  }) => {
    await rememberedWithoutFigures(page, chain, wallet)
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await holdAliceReads(page, () => released)
    await page.reload()
    await expect(card(page).getByText('Loading...', { exact: true })).toBeVisible()
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'started')
    release()
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
    await expect(card(page).getByText('Loading...', { exact: true })).toHaveCount(0)
  })
})

test.describe('a chain whose schedule differs from the build’s', () => {
  const day = 86_400n
  test.use({
    deployedSchedule: { ...PRODUCTION_SCHEDULE, claimEnd: PRODUCTION_SCHEDULE.claimEnd + day },
    serviceWorkers: 'block',
  })

  test('without a wallet: the chain’s dates, and the page says so', async ({ page }) => {
    await page.goto('/')
    await expect(note(page)).toHaveText(`Make your choice before Nov 14, 2024, 7:00 PM UTC${BEFORE_CLOSE}`)
    await expect(card(page).getByRole('status').filter({ hasText: DIFFERS })).toHaveText(DIFFERS)
  })

  test('with a holder: the chain’s dates in the position, and the page says so', async ({ page, chain, wallet }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    await page.goto('/')
    await expect(note(page)).toHaveText(`Make your choice before Nov 14, 2024, 7:00 PM UTC${BEFORE_CLOSE}`)
    await expect(card(page).getByRole('status').filter({ hasText: DIFFERS })).toHaveText(DIFFERS)
    await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])
  })
})
