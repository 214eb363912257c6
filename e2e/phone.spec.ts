import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { USER_AGENTS } from '../testing/userAgents'
import {
  accounts,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  test,
  unlockingAt,
} from './fixtures/index'
import {
  card,
  choiceSheet,
  confirmDialog,
  isPhoneLayout,
  openConfirmation,
  openTools,
  panel,
  stat,
  toolsSheet,
} from './fixtures/ui'

/**
 * The phone is the primary design target: on a 390×844 screen (iPhone and Android user agents) the position's
 * amount, the phase's countdown and its primary action are on the first screen in every phase; the claim choice,
 * the confirmation and the holder tools are bottom sheets that Escape and the back button close, with the page
 * behind inert. The same journeys run at 1440×900.
 */

const alice = {
  account: accounts.alice,
  amount: nai('1234.5678'),
  burnPercentage: percent('12.5'),
  legacy: nai('12.5'),
} as const satisfies Holder

/** Screenshots for the README, written when E2E_DOCS_SCREENSHOTS=1 (phone, iPhone user agent). */
const DOCS = process.env.E2E_DOCS_SCREENSHOTS === '1'

/** The box of `locator` lies wholly inside the first screen, without scrolling, and nothing covers it. */
async function expectAboveTheFold(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible()
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box, what).not.toBeNull()
  expect(viewport).not.toBeNull()
  if (!box || !viewport) return
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0)
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, `${what}: bottom at most ${viewport.height}`).toBeLessThanOrEqual(viewport.height)
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width)
  // Nothing covers it (the install hint and the update banner sit at the bottom of the screen).
  const uncovered = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)
    return hit !== null && (hit === element || element.contains(hit))
  })
  expect(uncovered, `${what}: not covered`).toBe(true)
}

/** Each phase: where the amount, the countdown and the primary action are. */
const PHASES = [
  {
    name: 'before',
    at: moments.before,
    amount: (page: Page) => stat(panel(page, 'Lock for the Future'), 'Amount'),
    countdown: (page: Page) => stat(panel(page, 'Claim and Burn Now'), 'Available in'),
    action: (page: Page) => panel(page, 'Lock for the Future').getByRole('button', { name: 'Add to calendar' }),
    figures: ['1,234.56 NAI', '2 days 03:04:05'],
  },
  {
    name: 'claim',
    at: moments.claim,
    amount: (page: Page) => stat(panel(page, 'Lock for the Future'), 'Amount'),
    countdown: (page: Page) => stat(panel(page, 'Lock for the Future'), 'Time left'),
    action: (page: Page) => panel(page, 'Claim and Burn Now').getByRole('button', { name: 'Claim & Burn' }),
    figures: ['1,234.56 NAI', '13 days 00:00:00'],
  },
  {
    name: 'locked',
    at: moments.locked,
    amount: (page: Page) => stat(panel(page, 'Tokens have been Locked'), 'Amount'),
    countdown: (page: Page) => stat(panel(page, 'Tokens have been Locked'), 'Unlocking starts in'),
    action: (page: Page) => panel(page, 'Tokens have been Locked').getByRole('button', { name: 'Add to calendar' }),
    figures: ['1,234.56 NAI', '444 days 00:00:00'],
  },
  {
    name: 'unlocking',
    at: unlockingAt(25),
    amount: (page: Page) => stat(panel(page, 'Tokens are Unlocking'), 'Total'),
    countdown: (page: Page) => stat(panel(page, 'Tokens are Unlocking'), 'Time left'),
    action: (page: Page) => panel(page, 'Tokens are Unlocking').getByRole('button', { name: 'Claim 308.64 NAI' }),
    figures: ['1,234.56 NAI', '273 days 18:00:00'],
  },
  {
    name: 'ended',
    at: moments.ended,
    amount: (page: Page) => stat(panel(page, 'Tokens are Unlocking'), 'Total'),
    countdown: (page: Page) => stat(panel(page, 'Tokens are Unlocking'), 'Time left'),
    action: (page: Page) => panel(page, 'Tokens are Unlocking').getByRole('button', { name: 'Claim 1,234.56 NAI' }),
    figures: ['1,234.56 NAI', 'Expired'],
  },
] as const

/** Chain and page at `phase`'s moment (the chain only ever moves forward), and the portal opened there. */
async function openPhase(page: Page, chain: LocalChain, phase: (typeof PHASES)[number]) {
  if (phase.at > (await chain.now())) await chain.setTime(phase.at)
  await page.clock.setFixedTime(phase.at * 1000)
  await page.goto('/')
}

/**
 * The countdown's hours, minutes and seconds each sit in a box of fixed size that clips what overflows it: every
 * digit must fit, whatever the font.
 */
async function expectDigitsFit(countdown: Locator, boxes: number) {
  const sizes = await countdown.locator('.countdown-digits').evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent,
      overflows: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      empty: element.clientWidth === 0 || element.clientHeight === 0,
    })),
  )
  expect(sizes).toHaveLength(boxes)
  for (const size of sizes)
    expect(size, `the countdown's "${size.text}"`).toMatchObject({ overflows: false, empty: false })
}

for (const [device, agent] of Object.entries({ iPhone: USER_AGENTS.iphone, Android: USER_AGENTS.android })) {
  test.describe(`${device} user agent on a phone, the browser's own on a desktop`, () => {
    test.use({
      moment: moments.before,
      userAgent: async ({ userAgent, formFactor }, use) => use(formFactor === 'phone' ? agent : userAgent),
    })

    test('amount, countdown and primary action are on the first screen in every phase', async ({
      page,
      chain,
      wallet,
      formFactor,
    }) => {
      await chain.addHolder(alice)
      await wallet.connectAs(alice.account)
      for (const phase of PHASES) {
        await openPhase(page, chain, phase)
        await expect(phase.amount(page)).toHaveText(phase.figures[0])
        await expect(phase.countdown(page)).toHaveText(phase.figures[1])
        await expectDigitsFit(phase.countdown(page), phase.figures[1] === 'Expired' ? 0 : 3)
        await expectAboveTheFold(page, phase.amount(page), `${phase.name}: the amount`)
        await expectAboveTheFold(page, phase.countdown(page), `${phase.name}: the countdown`)
        await expectAboveTheFold(page, phase.action(page), `${phase.name}: the primary action`)
        if (DOCS && formFactor === 'phone' && device === 'iPhone') {
          mkdirSync('docs', { recursive: true })
          await page.screenshot({ path: `docs/phone-${phase.name}.png` })
        }
      }
    })
  })
}

/**
 * Every part of each ticking countdown on the page, the days and the clock's boxes, against its column (the figure's
 * cell): inside it, not clipped by its own box, and the cell itself not overflowing.
 */
async function countdownParts(page: Page) {
  return page.getByRole('timer').evaluateAll((timers) =>
    timers.map((timer) => {
      const column = timer.closest('dd') ?? timer.parentElement
      const bounds = column?.getBoundingClientRect()
      const inside = (rect: DOMRect) =>
        bounds !== undefined && rect.left >= bounds.left - 0.5 && rect.right <= bounds.right + 0.5
      const clock = timer.querySelector('.countdown-clock')
      const digits = [...timer.querySelectorAll('.countdown-digits')]
      return {
        text: timer.textContent,
        columnOverflows: column ? column.scrollWidth > column.clientWidth : true,
        clockInside: clock ? inside(clock.getBoundingClientRect()) : false,
        // The clock never breaks inside itself: one line, as tall as one box.
        clockOneLine: clock ? clock.getBoundingClientRect().height <= (digits[0]?.clientHeight ?? 0) + 1 : false,
        digits: digits.map((box) => ({
          text: box.textContent,
          inside: inside(box.getBoundingClientRect()),
          clipped: box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
        })),
      }
    }),
  )
}

/**
 * The card's panels stand apart: each panel that lies under another in the same column starts at least `gap` px
 * below that one's bottom edge, so no two panels' borders touch or overlap.
 */
async function expectPanelsApart(page: Page, what: string, gap = 8) {
  const boxes = await page.locator('.panel').evaluateAll((panels) =>
    panels.map((panel) => ({
      title: panel.querySelector('h2')?.textContent ?? '',
      ...panel.getBoundingClientRect().toJSON(),
    })),
  )
  expect(boxes.length, `${what}: panels on the page`).toBeGreaterThan(1)
  for (const lower of boxes) {
    const above = boxes.filter(
      (upper) => upper !== lower && upper.top < lower.top && upper.left < lower.right && lower.left < upper.right,
    )
    for (const upper of above)
      expect(lower.top - upper.bottom, `${what}: "${lower.title}" under "${upper.title}"`).toBeGreaterThanOrEqual(gap)
  }
}

for (const width of [360, 390]) {
  test.describe(`countdowns at ${width} px`, () => {
    test.use({ moment: moments.before, viewport: { width, height: 800 } })

    test('in every phase each part fits its column, and screen readers get a timer that is not announced', async ({
      page,
      chain,
      wallet,
      axe,
    }) => {
      await chain.addHolder(alice)
      await wallet.connectAs(alice.account)
      for (const phase of PHASES) {
        await openPhase(page, chain, phase)
        await expect(phase.countdown(page)).toHaveText(phase.figures[1])
        // Where something has unlocked, Claim Everything joins the card under the position's panels.
        if (phase.name !== 'before' && phase.name !== 'locked')
          await expect(page.getByRole('heading', { name: 'Claim Everything' })).toBeVisible()
        await expectPanelsApart(page, phase.name)
        if (phase.figures[1] === 'Expired') {
          await expect(phase.countdown(page).getByRole('timer')).toHaveCount(0)
          continue
        }
        await expect(phase.countdown(page).getByRole('timer')).toHaveText(phase.figures[1])
        const parts = await countdownParts(page)
        expect(parts.length, `${phase.name}: countdowns on the page`).toBeGreaterThan(0)
        for (const part of parts) {
          expect(part, `${phase.name}: "${part.text}"`).toMatchObject({
            columnOverflows: false,
            clockInside: true,
            clockOneLine: true,
          })
          expect(part.digits).toHaveLength(3)
          for (const box of part.digits)
            expect(box, `${phase.name}: "${box.text}"`).toEqual({ ...box, inside: true, clipped: false })
        }
        // A timer is not a live region: nothing is read out as it ticks.
        await expect(page.getByRole('timer').first()).not.toHaveAttribute('aria-live', /polite|assertive/)
        await axe.check()
      }
    })
  })
}

test.describe('the blog teasers', () => {
  test('are both present with their titles and links; on a phone a one-line strip under the header', async ({
    page,
  }) => {
    await page.goto('/')
    // The app's first render replaces the prerendered header and teasers with its own: those are the ones measured.
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'started')
    const news = page.getByRole('navigation', { name: 'News' })
    await expect(news.getByRole('link')).toHaveText([
      /Onboarding Community Feedback/,
      /Important NAI Vesting & Claim Portal Update/,
    ])
    const strip = await news.boundingBox()
    const header = await page.getByRole('banner').boundingBox()
    expect(strip && header && strip.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1)
    if (!isPhoneLayout(page) || !strip) return
    expect(strip.height).toBeLessThanOrEqual(48)
    // The strip does not scroll: both teasers share its line, each inside it, their titles cut short if need be.
    for (const link of await news.getByRole('link').all()) {
      const box = await link.boundingBox()
      expect(box && box.x >= strip.x - 0.5 && box.x + box.width <= strip.x + strip.width + 0.5).toBe(true)
    }
  })
})

test.describe('bottom sheets', () => {
  test.beforeEach(async ({ chain, wallet }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
  })

  /** The sheet is open, focus is inside it, the page behind is inert, and axe finds nothing serious. */
  async function expectModalSheet(
    page: Page,
    sheet: Locator,
    axe: { check: (o: { include: string }) => Promise<unknown> },
  ) {
    await expect(sheet).toBeVisible()
    await expect(page.locator('#root')).toHaveAttribute('inert', '')
    await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    // Tabbing around never leaves the sheet.
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab')
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await axe.check({ include: '[role="dialog"]' })
  }

  async function expectClosed(page: Page, sheet: Locator) {
    await expect(sheet).toHaveCount(0)
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '')
    expect(page.url()).toMatch(/\/$/)
  }

  test('the claim choice and the confirmation: opened by their buttons, closed by Cancel, Escape and back', async ({
    page,
    axe,
    wallet,
  }) => {
    await page.goto('/')
    await expect(panel(page, 'Claim and Burn Now')).toBeVisible()

    // Cancel.
    const confirmation = await openConfirmation(page)
    await expectModalSheet(page, confirmation, axe)
    await expect(confirmation.getByText('You receive 1,080.24 NAI, 154.32 NAI are burned.')).toBeVisible()
    await confirmation.getByRole('button', { name: 'Cancel' }).click()
    await expectClosed(page, confirmDialog(page))

    // Escape.
    await openConfirmation(page)
    await page.keyboard.press('Escape')
    await expectClosed(page, confirmDialog(page))

    // The back button closes the sheet and stays on the page.
    await openConfirmation(page)
    await page.goBack()
    await expectClosed(page, confirmDialog(page))
    await expect(card(page)).toBeVisible()

    if (isPhoneLayout(page)) {
      // On a phone the share is chosen in a sheet of its own first.
      await panel(page, 'Claim and Burn Now').getByRole('button', { name: 'Claim & Burn' }).click()
      await expectModalSheet(page, choiceSheet(page), axe)
      await expect(choiceSheet(page).getByRole('slider')).toHaveValue('100')
      await page.keyboard.press('Escape')
      await expectClosed(page, choiceSheet(page))
      await panel(page, 'Claim and Burn Now').getByRole('button', { name: 'Claim & Burn' }).click()
      await page.goBack()
      await expectClosed(page, choiceSheet(page))
    } else {
      // On a desktop the slider stays in the panel.
      await expect(panel(page, 'Claim and Burn Now').getByRole('slider')).toHaveValue('100')
    }
    expect(wallet.transactions()).toEqual([])
  })

  test('the holder tools: opened by their button, closed by Close, Escape and back', async ({ page, axe }) => {
    await page.goto('/')
    await expect(panel(page, 'Claim and Burn Now')).toBeVisible()
    const tools = await openTools(page)
    await expectModalSheet(page, tools, axe)
    await expect(tools.getByRole('heading', { level: 3 })).toHaveText([
      'Reminders',
      'Statement',
      'Watched addresses',
      'Wallet',
    ])
    await tools.getByRole('button', { name: 'Close' }).click()
    await expectClosed(page, toolsSheet(page))

    await openTools(page)
    await page.keyboard.press('Escape')
    await expectClosed(page, toolsSheet(page))

    await openTools(page)
    await page.goBack()
    await expectClosed(page, toolsSheet(page))
    await expect(card(page)).toBeVisible()
  })
})
