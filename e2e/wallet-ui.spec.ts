import type { Page } from '@playwright/test'
import { baseURL } from '../testing/env'
import { USER_AGENTS } from '../testing/userAgents'
import { accounts, contracts, type E2EWallet, expect, type Holder, nai, percent, test } from './fixtures/index'
import { openTools } from './fixtures/ui'

/** The wallet around the vesting card and the layout around it. */

const alice = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) } as const satisfies Holder

/** A local build links to the demo's own pages; a build for a public chain must name the real ones. */
const BLOG_POSTS = [
  { title: 'Onboarding Community Feedback', href: '/demo/onboarding-community-feedback.html' },
  { title: 'Important NAI Vesting & Claim Portal Update', href: '/demo/vesting-claim-portal-update.html' },
] as const

const SOCIAL_LINKS = ['/demo/telegram.html', '/demo/x.html'] as const

async function openAs(page: Page, wallet: E2EWallet): Promise<void> {
  await wallet.connectAs(alice.account)
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Lock for the Future' }).locator('dd').first()).toHaveText('1,000 NAI')
}

test('"Add NAI to wallet" asks the wallet to watch the token: its address, symbol NAI and 18 decimals', async ({
  page,
  chain,
  wallet,
}) => {
  await chain.addHolder(alice)
  await openAs(page, wallet)
  expect(wallet.watchedAssets()).toEqual([])

  const tools = await openTools(page)
  await tools.getByRole('button', { name: 'Add NAI to wallet' }).click()
  await expect(tools.getByRole('button', { name: 'NAI added to your wallet' })).toBeVisible()
  expect(wallet.watchedAssets()).toEqual([
    { type: 'ERC20', options: { address: contracts.token, symbol: 'NAI', decimals: 18 } },
  ])
})

test.describe('the account button', () => {
  // A phone is told by its user agent; the desktop project keeps the browser's own.
  const accountTest = test.extend({
    userAgent: async ({ userAgent, formFactor }, use) => {
      await use(formFactor === 'phone' ? USER_AGENTS.android : userAgent)
    },
  })

  accountTest(
    'shows the shortened address; the ETH balance on large screens only; on a phone RainbowKit loads when it is tapped',
    async ({ page, chain, wallet, formFactor }) => {
      await chain.addHolder(alice)
      const kitDownloads: string[] = []
      page.on('request', (request) => {
        if (/\/assets\/rainbowKit-[\w-]+\.js$/.test(request.url())) kitDownloads.push(request.url())
      })
      await openAs(page, wallet)
      const header = page.getByRole('banner')
      const account = header.getByTestId('rk-account-button')
      if (formFactor === 'phone') {
        // The portal's own address button: RainbowKit's would add only an avatar, so it is not downloaded for it.
        const own = header.getByRole('button', { name: '0x70…79C8', exact: true })
        await expect(own).toBeVisible()
        await expect(own).toHaveAttribute('aria-haspopup', 'dialog')
        await page.waitForLoadState('networkidle')
        // Longer than a desktop waits to load it once the page is idle (an idle callback, at most 1 s).
        await page.waitForTimeout(2_000)
        expect(kitDownloads).toEqual([])
        await expect(account).toHaveCount(0)
        await own.click()
      } else {
        await expect(account).toBeVisible()
      }
      await expect(account).toBeVisible()
      expect(kitDownloads).toHaveLength(1)
      await expect(account.getByText('0x70…79C8', { exact: true })).toBeVisible()
      // RainbowKit's own styles apply (they are scoped to an element carrying `data-rk`).
      await expect(account).toHaveCSS('border-top-style', 'none')
      await expect(header.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0)
      // On a phone the tap that loaded RainbowKit opened its account modal; on a desktop a click does.
      if (formFactor === 'desktop') await account.click()
      const modal = page.getByRole('dialog')
      await expect(modal.getByText('0x70…79C8', { exact: true })).toBeVisible()
      await expect(modal.getByRole('button', { name: 'Disconnect' })).toBeVisible()
      await expect(modal.getByText('NAI Vesting & Claim Portal transactions will appear here...')).toBeVisible()
      // Anvil's default account holds 10,000 ETH; the account modal shows it on every device.
      await expect(modal.getByText('10k ETH', { exact: true })).toBeVisible()
      // The button shows it on large screens only (RainbowKit's default), though it is known by now.
      if (formFactor === 'desktop') await expect(account.getByText('10k ETH', { exact: true })).toBeVisible()
      else await expect(account.getByText(/ETH/)).toHaveCount(0)
    },
  )
})

test('the connect modal has its final size from its first frame, and a tap as soon as it shows connects', async ({
  page,
  chain,
  wallet,
}) => {
  await chain.addHolder(alice)
  wallet.setAccount(alice.account)
  // Each size the modal's content is laid out at, from the first mutation that adds it: before it is ever painted.
  await page.addInitScript(() => {
    const widths: number[] = []
    Object.assign(window, { modalWidths: widths })
    new MutationObserver(() => {
      const content = document.querySelector('[role="dialog"] [role="document"]')
      if (content) widths.push(Math.round(content.getBoundingClientRect().width))
    }).observe(document, { childList: true, subtree: true, attributes: true })
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
  const option = page.getByTestId('rk-wallet-option-test.e2e.wallet')
  await option.waitFor()
  await option.click()
  await expect(page.getByRole('region', { name: 'Lock for the Future' }).locator('dd').first()).toHaveText('1,000 NAI')
  const viewport = page.viewportSize()?.width ?? 0
  const widths = await page.evaluate(() => (window as unknown as { modalWidths: number[] }).modalWidths)
  expect(widths.length).toBeGreaterThan(0)
  // One size throughout, within the screen: a phone's compact modal, a desktop's wide one (two columns).
  expect(new Set(widths).size, `the modal's widths: ${widths.join(', ')}`).toBe(1)
  expect(widths[0]).toBeLessThanOrEqual(viewport)
  if (viewport >= 768) expect(widths[0]).toBeGreaterThan(700)
})

test.describe('layout', () => {
  test('the blog cards open their articles in a new window without an opener or referrer', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    const news = page.getByRole('navigation', { name: 'News' })
    const cards = news.getByRole('link')
    await expect(cards).toHaveCount(2)
    await expect(cards.locator('strong')).toHaveText(BLOG_POSTS.map((post) => post.title))

    for (const [index, post] of BLOG_POSTS.entries()) {
      const link = cards.nth(index)
      await expect(link).toHaveAttribute('href', post.href)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')

      const opened = context.waitForEvent('page')
      await link.click()
      const article = await opened
      await article.waitForLoadState('domcontentloaded')
      expect(article.url()).toBe(`${baseURL}${post.href}`)
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title)
      expect(await article.evaluate(() => ({ opener: window.opener, referrer: document.referrer }))).toEqual({
        opener: null,
        referrer: '',
      })
      await article.close()
    }
    expect(page.url()).toBe(`${baseURL}/`)
  })

  test('the footer has two 30×30 social icons, alt "Social link", opening in a new tab', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    const links = footer.getByRole('link')
    await expect(links).toHaveCount(2)
    for (const [index, href] of SOCIAL_LINKS.entries()) {
      const link = links.nth(index)
      await expect(link).toHaveAttribute('href', href)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      const icon = link.getByRole('img', { name: 'Social link', exact: true })
      await expect(icon).toBeVisible()
      expect(await icon.boundingBox()).toMatchObject({ width: 30, height: 30 })
      // The icon file loaded (a broken image has no natural size).
      expect(await icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    }
  })

  test('the logo links home', async ({ page }) => {
    await page.goto('/?from=test')
    const logo = page.getByRole('banner').getByRole('link', { name: 'NAI Vesting & Claim Portal home' })
    await expect(logo).toHaveAttribute('href', '/')
    await expect(logo.getByRole('img')).toHaveCount(0) // the image is decorative: the link's name says where it goes
    await logo.click()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(page.getByRole('heading', { name: 'Vesting Tokens', level: 1 })).toBeVisible()
  })
})
