import type { Locator, Page } from '@playwright/test'
import type { Address } from 'viem'
import { accounts, expect, type Holder, type LocalChain, moments, nai, percent, schedule, test } from './fixtures/index'
import { catalog, tr } from './fixtures/messages'
import { stat } from './fixtures/ui'

/**
 * The portal in the holder's own language, on a phone: a browser set to German, Japanese or Arabic gets every text
 * from that language's catalog, amounts with its separators, and Arabic laid out right to left, through the journeys
 * that move money, with exact amounts on chain. A pseudo-locale (every letter accented) shows any text that was never
 * extracted into the catalogs.
 */

/** Screenshots of the claim window for docs/i18n.md, written when E2E_DOCS_SCREENSHOTS=1. */
const DOCS = process.env.E2E_DOCS_SCREENSHOTS === '1'

const alice: Holder = {
  account: accounts.alice,
  amount: nai('1234.5'),
  burnPercentage: percent(25),
  legacy: nai('50'),
  balance: nai(10),
}

const LANGUAGES = [
  {
    browser: 'de-DE',
    locale: 'de',
    dir: 'ltr',
    position: '1.234,5 NAI',
    received: '925,87 NAI',
    burned: '308,62 NAI',
  },
  { browser: 'ja-JP', locale: 'ja', dir: 'ltr', position: '1,234.5 NAI', received: '925.87 NAI', burned: '308.62 NAI' },
  // Arabic keeps Latin digits: an amount reads as the wallet and the explorer show it.
  { browser: 'ar', locale: 'ar', dir: 'rtl', position: '1,234.5 NAI', received: '925.87 NAI', burned: '308.62 NAI' },
] as const

/** What the chain holds for `account`, to compare before and after a write. */
async function snapshot(chain: LocalChain, account: Address) {
  return {
    balance: await chain.balanceOf(account),
    dead: await chain.deadBalance(),
    position: (await chain.position(account)).amount,
    legacy: await chain.legacyAmount(account),
  }
}

/** The page's visible text, with the labels a screen reader reads (aria-label, alt, title, placeholder). */
function pageText(page: Page, scope = 'body'): Promise<string> {
  return page.locator(scope).evaluate((root) => {
    const labels = [...root.querySelectorAll('[aria-label], [alt], [title], [placeholder]')].flatMap((element) =>
      ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    )
    // biome-ignore lint/performance/useDomNodeTextContent: what a holder reads is the rendered text, not hidden nodes.
    return [(root as HTMLElement).innerText, ...labels].join('\n')
  })
}

/**
 * English sentences of the source catalog still on the page (callers poll it: RainbowKit's own button reads English
 * for a moment while it loads its language): any message of a dozen characters or more, without
 * placeholders, that the locale words differently.
 */
async function englishLeft(page: Page, locale: string): Promise<string[]> {
  const text = await pageText(page)
  return [...catalog('en')].flatMap(([english]) => {
    const translated = catalog(locale).get(english)
    if (english.length < 12 || /[{<]/.test(english) || translated === english) return []
    return text.includes(english) ? [english] : []
  })
}

/**
 * Waits until the header shows the connected account: until then RainbowKit's button may still read "Connect Wallet"
 * in its own English while it loads the language and reconnects.
 */
async function connected(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
}

/** Nothing on the 360-px-wide page is wider than the screen or cut off inside its own box. */
async function expectNothingOverflows(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 780 })
  const problems = await page.evaluate(() => {
    const found: string[] = []
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`)
    }
    for (const element of document.querySelectorAll<HTMLElement>('button, h1, h2, h3, dt, dd, p, a, label')) {
      const style = getComputedStyle(element)
      if (element.offsetParent === null || style.overflowX === 'visible') continue
      if (element.scrollWidth > element.clientWidth + 1) found.push(`"${element.textContent}" is cut off`)
    }
    return found
  })
  expect(problems).toEqual([])
}

for (const language of LANGUAGES) {
  const t = (message: string, values?: Record<string, string>) => tr(language.locale, message, values)
  // An amount is isolated in a right-to-left page, so that inside a sentence "50 NAI" never reads "NAI 50".
  const amount = (text: string) => (language.dir === 'rtl' ? `\u2068${text}\u2069` : text)
  const region = (page: Page, title: string): Locator => page.getByRole('region', { name: t(title), exact: true })

  test.describe(`in ${language.browser}`, () => {
    test.use({ locale: language.browser })

    test('claim and burn: the confirmation in the language, then exactly that on chain', async ({
      page,
      wallet,
      chain,
      axe,
    }) => {
      await chain.addHolder(alice)
      await wallet.connectAs(accounts.alice)
      await page.goto('/')
      const claimPanel = region(page, 'Claim and Burn Now')
      await expect(claimPanel).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', language.locale)
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir)
      await expect(stat(region(page, 'Lock for the Future'), t('Amount'))).toHaveText(amount(language.position))
      await connected(page)
      await expect.poll(() => englishLeft(page, language.locale)).toEqual([])
      await axe.check()
      if (DOCS && language.locale !== 'ja') {
        await page.screenshot({ path: `docs/phone-claim-${language.locale}.png` })
      }
      await expectNothingOverflows(page)
      const before = await snapshot(chain, accounts.alice)

      await claimPanel.getByRole('button', { name: t('Claim & Burn') }).click()
      const sheet = page.getByRole('dialog', { name: t('Claim and burn'), exact: true })
      await expect(stat(sheet, t('Receive'))).toHaveText(amount(language.received))
      await expect(stat(sheet, t('Burn'))).toHaveText(amount(language.burned))
      await sheet.getByRole('button', { name: t('Continue') }).click()
      const confirm = page.getByRole('dialog', { name: t('Confirm claim and burn') })
      await expect(
        confirm.getByText(
          t('You receive {received}, {burned} are burned.', {
            received: amount(language.received),
            burned: amount(language.burned),
          }),
          { exact: true },
        ),
      ).toBeVisible()
      await expect(confirm.getByText(t('Burning is irreversible.'), { exact: true })).toBeVisible()
      await expect.poll(() => englishLeft(page, language.locale)).toEqual([])
      await confirm.getByRole('button', { name: t('Claim & Burn') }).click()

      await expect(page.getByText(t('You have claimed your whole position.'))).toBeVisible()
      expect(await snapshot(chain, accounts.alice)).toEqual({
        ...before,
        balance: before.balance + nai('925.875'),
        dead: before.dead + nai('308.625'),
        position: 0n,
      })
    })

    test('legacy claim: the button in the language pays exactly the legacy amount', async ({ page, wallet, chain }) => {
      await chain.addHolder(alice)
      await wallet.connectAs(accounts.alice)
      await page.goto('/')
      const legacy = region(page, 'Claimable Tokens')
      await expect(legacy).toBeVisible()
      const before = await snapshot(chain, accounts.alice)

      await legacy.getByRole('button', { name: t('Claim {total}', { total: amount('50 NAI') }) }).click()
      await expect(legacy).toBeHidden()
      expect(await snapshot(chain, accounts.alice)).toEqual({
        ...before,
        balance: before.balance + nai(50),
        legacy: 0n,
      })
      expect(wallet.transactions()).toHaveLength(1)
    })

    test.describe('while unlocking', () => {
      test.use({ moment: moments.unlocking })

      test('unlock: the claim in the language pays what had unlocked at the block', async ({ page, wallet, chain }) => {
        const holder: Holder = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) }
        await chain.addHolder(holder)
        await wallet.connectAs(accounts.alice)
        await page.goto('/')
        const panel = region(page, 'Tokens are Unlocking')
        await expect(stat(panel, t('Claimable'))).toHaveText(amount('250 NAI'))
        // The chart's time runs the way the page reads: the claim window comes first, on the left or on the right.
        const left = (part: string) =>
          page.locator(`.timeline-chart ${part}`).evaluate((shape) => shape.getBoundingClientRect().left)
        const [claimWindow, unlocking] = [await left('.tl-window'), await left('.tl-unlock')]
        expect(language.dir === 'rtl' ? claimWindow > unlocking : claimWindow < unlocking).toBe(true)
        await connected(page)
        await expect.poll(() => englishLeft(page, language.locale)).toEqual([])
        const balanceBefore = await chain.balanceOf(accounts.alice)

        await panel.getByRole('button', { name: t('Claim {claimable}', { claimable: amount('250 NAI') }) }).click()
        await expect.poll(() => wallet.transactions().length).toBe(1)
        await expect(stat(panel, t('Counted as claimed'))).toHaveText(amount('250 NAI'))
        const [hash] = wallet.transactions()
        if (!hash) throw new Error('The page sent no transaction.')
        const receipt = await chain.getTransactionReceipt({ hash })
        const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
        const start = BigInt(schedule.unlockStart)
        const paid = (holder.amount * (block.timestamp - start)) / (BigInt(schedule.unlockEnd) - start)
        expect(paid).toBeGreaterThan(nai(250))
        expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + paid)
      })
    })
  })
}

test.describe('the language menu', () => {
  test('switches the page at once, is kept on the device, and the browser language no longer decides', async ({
    page,
    wallet,
    chain,
  }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(accounts.alice)
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Claim and Burn Now', exact: true })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    await page.getByRole('combobox', { name: 'Language' }).selectOption('Deutsch')
    const claimPanel = page.getByRole('region', { name: tr('de', 'Claim and Burn Now'), exact: true })
    await expect(claimPanel).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(
      stat(page.getByRole('region', { name: tr('de', 'Lock for the Future') }), tr('de', 'Amount')),
    ).toHaveText('1.234,5 NAI')

    await page.reload()
    await expect(claimPanel).toBeVisible()
    await expect(page.getByRole('combobox', { name: tr('de', 'Language') })).toHaveValue('de')
    await page.getByRole('combobox', { name: tr('de', 'Language') }).selectOption('العربية')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByRole('region', { name: tr('ar', 'Claim and Burn Now'), exact: true })).toBeVisible()
  })
})

test('the language menu is wide enough for each language’s own name', async ({ page }) => {
  await page.goto('/')
  const menu = page.getByRole('combobox', { name: 'Language' })
  await expect(menu).toBeVisible()
  // Each name laid out in the menu's own font, beside the room the menu leaves for its text (its width less its
  // padding, its border and the arrow, which is about a line's height wide).
  const fits = await menu.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select)
    const room =
      select.getBoundingClientRect().width -
      ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
        (sum, side) => sum + Number.parseFloat(style[side as 'paddingLeft']),
        0,
      ) -
      Number.parseFloat(style.fontSize) * 1.25
    return [...select.options].map((option) => {
      const probe = document.createElement('span')
      probe.lang = option.lang
      probe.style.font = style.font
      probe.style.whiteSpace = 'pre'
      probe.textContent = option.text
      document.body.append(probe)
      const width = probe.getBoundingClientRect().width
      probe.remove()
      return { name: option.text, fits: width <= room }
    })
  })
  expect(fits.length).toBe(19)
  expect(fits.filter((name) => !name.fits)).toEqual([])
})

test.describe('the pseudo-locale', () => {
  /**
   * Words in plain Latin letters that no catalog translates: the token, the test wallet's and the social network's
   * names, RainbowKit's own label on its account button (RainbowKit translates it in every real language), and the
   * months and time zone of dates, which `Intl` writes for en-XA as for English.
   */
  const ALLOWED = new Set(
    'NAI E2E Wallet Telegram Dropdown UTC Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' '),
  )

  /**
   * Plain English words on the page and in its open sheets: every extracted message is accented, so these were never
   * extracted. The language menu names each language in its own words, and the blog's teasers are the articles' own
   * titles: both are left out.
   */
  async function unextracted(page: Page): Promise<string[]> {
    const leftOut = await page
      .locator('select.language-menu, nav.blog')
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as in the page's text it is taken from.
      .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText))
    let text = await pageText(page)
    for (const part of leftOut) text = text.replace(part, '')
    const words = text.match(/\b[A-Za-z]{3,}\b/g) ?? []
    return [...new Set(words.filter((word) => !ALLOWED.has(word)))]
  }

  const p = (message: string, values?: Record<string, string>) => tr('en-XA', message, values)

  for (const moment of ['before', 'unlocking'] as const) {
    test.describe(moment, () => {
      test.use({ moment: moments[moment] })

      test('every text on the page and its labels comes from the catalog', async ({ page, wallet, chain }) => {
        await page.addInitScript(() => localStorage.setItem('nai.locale', 'en-XA'))
        await chain.addHolder(alice)
        await wallet.connectAs(accounts.alice)
        await page.goto('/')
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
        await expect(page.getByRole('region', { name: p('Vesting Tokens') })).toBeVisible()
        await expect(page.getByText(/NAI$/).first()).toBeVisible()
        expect(await unextracted(page)).toEqual([])
        await expectNothingOverflows(page)
      })
    })
  }

  test('in the claim window, the page, the choice, the confirmation and the holder tools too', async ({
    page,
    wallet,
    chain,
  }) => {
    await page.addInitScript(() => localStorage.setItem('nai.locale', 'en-XA'))
    await chain.addHolder(alice)
    await wallet.connectAs(accounts.alice)
    await page.goto('/')
    const claimPanel = page.getByRole('region', { name: p('Claim and Burn Now'), exact: true })
    await expect(claimPanel).toBeVisible()
    expect(await unextracted(page)).toEqual([])
    await expectNothingOverflows(page)

    await claimPanel.getByRole('button', { name: p('Claim & Burn') }).click()
    const sheet = page.getByRole('dialog', { name: p('Claim and burn'), exact: true })
    await expect(sheet).toBeVisible()
    expect(await unextracted(page)).toEqual([])
    await sheet.getByRole('button', { name: p('Continue') }).click()
    const confirm = page.getByRole('dialog', { name: p('Confirm claim and burn') })
    await expect(confirm).toBeVisible()
    expect(await unextracted(page)).toEqual([])
    await confirm.getByRole('button', { name: p('Cancel') }).click()
    await expect(confirm).toBeHidden()

    await page.getByRole('button', { name: p('Holder tools') }).click()
    await expect(page.getByRole('dialog', { name: p('Holder tools') })).toBeVisible()
    expect(await unextracted(page)).toEqual([])
  })
})
