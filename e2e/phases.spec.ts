import type { Locator, Page, TestInfo } from '@playwright/test'
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
  unlockingAt,
} from './fixtures/index'
import { choiceSheet, isPhoneLayout, panel, panelTitles, TIMELINE } from './fixtures/ui'

/**
 * Both panels and the legacy section at one moment of each phase, for a holder with a known position,
 * at phone and desktop sizes. The page's clock is fixed at the moment (timers keep running), so every countdown
 * reads an exact value.
 */

/** 1,234.5678 NAI at a 12.5 % burn, plus 12.5 NAI on the legacy contract. */
const alice = {
  account: accounts.alice,
  amount: nai('1234.5678'),
  burnPercentage: percent('12.5'),
  legacy: nai('12.5'),
} as const satisfies Holder
/** Another holder, who claims and burns their whole position during the claim window: 166.5 NAI burned. */
const bob = { account: accounts.bob, amount: nai(500), burnPercentage: percent('33.3') } as const satisfies Holder
/** A holder with no legacy amount. */
const carol = { account: accounts.carol, amount: nai(100), burnPercentage: percent(50) } as const satisfies Holder

const NOTE = 'Make your choice before Nov 13, 2024, 7:00 PM UTC to avoid having your tokens automatically locked.'
/** The note once the claim window has closed. */
const CLOSED_NOTE =
  'The claim window closed on Nov 13, 2024, 7:00 PM UTC. Tokens left untouched were locked automatically for 12 months, then unlock linearly over another 12 months.'

/** Moves the chain to `epochSeconds` (when it is not there yet), fixes the page's clock there, and opens the portal. */
async function openAt(page: Page, chain: LocalChain, epochSeconds: number): Promise<void> {
  if (epochSeconds > (await chain.now())) await chain.setTime(epochSeconds)
  await page.clock.setFixedTime(epochSeconds * 1000)
  await page.goto('/')
}

/** The page's clock moves to `epochSeconds`; the next 1 s tick shows it. */
async function showTime(page: Page, epochSeconds: number): Promise<void> {
  await page.clock.setFixedTime(epochSeconds * 1000)
}

/** The panel's labelled figures, in order, exactly. */
async function expectStats(region: Locator, stats: Record<string, string>): Promise<void> {
  await expect(region.locator('dt')).toHaveText(Object.keys(stats))
  await expect(region.locator('dd')).toHaveText(Object.values(stats))
}

/** The unlocking panel at `percent` unlocked: its bar, its figures and its one Claim button. */
async function expectUnlocking(page: Page, percent: number, stats: Record<string, string>): Promise<Locator> {
  const unlocking = panel(page, 'Tokens are Unlocking')
  await expect(unlocking.getByRole('progressbar', { name: 'Unlocked' })).toHaveAttribute('aria-valuenow', `${percent}`)
  await expect(unlocking.getByText(/% unlocked$/)).toHaveText(`${percent}% unlocked`)
  await expectStats(unlocking, stats)
  await expect(unlocking.getByRole('button')).toHaveText([`Claim ${stats.Claimable}`])
  await expectStats(panel(page, 'Vesting Schedule in Progress'), { 'Total Burned': '166.5 NAI' })
  return unlocking
}

async function expectNote(page: Page, closed = false): Promise<void> {
  const note = page.getByText(closed ? /^The claim window closed on/ : /^Make your choice before/)
  await expect(note).toHaveText(closed ? CLOSED_NOTE : NOTE)
  await expect(note.locator('time')).toHaveAttribute('datetime', '2024-11-13T19:00:00.000Z')
  await expect(page.getByText(/device clock differs/)).toHaveCount(0)
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

/** Bob claims and burns his whole position, so that "Total Burned" reads 166.5 NAI from the claim window on. */
async function seedBurn(chain: LocalChain): Promise<void> {
  const { burned } = await chain.claimAndBurnAs(bob.account, bob.amount)
  expect(burned).toBe(nai('166.5'))
}

/** Alice and Bob hold positions, Bob has burned his, and the page is open as Alice at `epochSeconds`. */
async function openAsAliceAfterTheBurn(page: Page, chain: LocalChain, wallet: E2EWallet, epochSeconds: number) {
  await chain.addHolders([alice, bob])
  await seedBurn(chain)
  await wallet.connectAs(alice.account)
  await openAt(page, chain, epochSeconds)
  await expectNote(page, true)
}

/** With unlocked tokens and a legacy amount both claimable, Claim Everything offers them together. */
const UNLOCKING_TITLES = [
  'Tokens are Unlocking',
  'Vesting Schedule in Progress',
  'Claim Everything',
  'Claimable Tokens',
  TIMELINE,
]

test.describe('before the claim window', () => {
  test.use({ moment: moments.before })

  test('counts down to the claim window, locks by default, and holds the legacy claim back', async ({
    page,
    chain,
    wallet,
  }, testInfo) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    await openAt(page, chain, moments.before)

    await expectNote(page)
    await expect(panelTitles(page)).toHaveText([
      'Lock for the Future',
      'Claim and Burn Now',
      'Claimable Tokens',
      TIMELINE,
    ])
    const lock = panel(page, 'Lock for the Future')
    const claim = panel(page, 'Claim and Burn Now')
    await expectStats(lock, { Amount: '1,234.56 NAI', 'Time left': '16 days 03:04:05' })
    await expectStats(claim, { 'Available in': '2 days 03:04:05' })
    await expect(claim.getByRole('slider')).toHaveCount(0)
    await expect(claim.getByRole('button')).toHaveCount(0)
    await expect(claim.getByText(/will be burned/)).toHaveCount(0)
    await expect(lock.getByRole('button')).toHaveText(['Add to calendar'])

    const legacy = panel(page, 'Claimable Tokens')
    await expect(legacy.getByRole('button')).toHaveText(['Claim 12.5 NAI'])
    await expect(legacy.getByRole('button', { name: 'Claim 12.5 NAI' })).toBeDisabled()
    await expect(legacy.getByText(/^Available from/)).toHaveText('Available from Oct 30, 2024, 7:00 PM UTC.')
    await screenshot(page, testInfo, 'phase-before')

    // Both countdowns tick with the page clock.
    await showTime(page, moments.before + 1)
    await expectStats(claim, { 'Available in': '2 days 03:04:04' })
    await expectStats(lock, { Amount: '1,234.56 NAI', 'Time left': '16 days 03:04:04' })
  })
})

test.describe('in the claim window', () => {
  test.use({ moment: moments.claim })

  test('shows the burn percentage and the split of a claim at 100 %, and the legacy claim is open', async ({
    page,
    chain,
    wallet,
  }, testInfo) => {
    await chain.addHolders([alice, carol])
    await wallet.connectAs(alice.account)
    await openAt(page, chain, moments.claim)

    await expectNote(page)
    await expect(panelTitles(page)).toHaveText([
      'Lock for the Future',
      'Claim and Burn Now',
      'Claim Everything',
      'Claimable Tokens',
      TIMELINE,
    ])
    await expectStats(panel(page, 'Lock for the Future'), { Amount: '1,234.56 NAI', 'Time left': '13 days 00:00:00' })

    const claim = panel(page, 'Claim and Burn Now')
    await expect(claim.getByText(/will be burned/)).toHaveText('12.5% of the tokens you claim now will be burned.')
    // 1,234.5678 claimed: 154.320975 burned, 1,080.246825 received (rounded down for display).
    await expectStats(claim, { Receive: '1,080.24 NAI', Burn: '154.32 NAI' })
    await expect(claim.getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()

    const legacy = panel(page, 'Claimable Tokens')
    await expect(legacy.getByRole('button', { name: 'Claim 12.5 NAI' })).toBeEnabled()
    await expect(legacy.getByText(/^Available from/)).toHaveCount(0)
    await screenshot(page, testInfo, 'phase-claim')

    // The share is chosen in the panel on a desktop, in a bottom sheet on a phone.
    const phone = isPhoneLayout(page)
    if (phone) await claim.getByRole('button', { name: 'Claim & Burn' }).click()
    const chooser = phone ? choiceSheet(page) : claim
    const goOn = chooser.getByRole('button', { name: phone ? 'Continue' : 'Claim & Burn' })
    await expect(chooser.getByRole('slider')).toHaveValue('100')
    await expect(chooser.getByText('100%', { exact: true })).toBeVisible()
    // Half the position: 617.2839 claimed, 77.1604875 burned, 540.1234125 received.
    await chooser.getByRole('slider').fill('50')
    await expectStats(chooser, { Receive: '540.12 NAI', Burn: '77.16 NAI' })
    await expect(chooser.getByText('50%', { exact: true })).toBeVisible()
    await chooser.getByRole('slider').fill('0')
    await expectStats(chooser, { Receive: '0 NAI', Burn: '0 NAI' })
    await expect(goOn).toBeDisabled()
    if (phone) {
      await page.keyboard.press('Escape')
      await expect(choiceSheet(page)).toHaveCount(0)
    }

    // A holder without a legacy amount gets no legacy section.
    await wallet.switchAccount(carol.account)
    await expectStats(panel(page, 'Lock for the Future'), { Amount: '100 NAI', 'Time left': '13 days 00:00:00' })
    await expect(panel(page, 'Claim and Burn Now').getByText(/will be burned/)).toHaveText(
      '50.0% of the tokens you claim now will be burned.',
    )
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '50 NAI', Burn: '50 NAI' })
    await expect(panelTitles(page)).toHaveText(['Lock for the Future', 'Claim and Burn Now', TIMELINE])
  })
})

test.describe('after the claim window', () => {
  test.use({ moment: moments.claim })

  test('locked: counts down to the unlock and shows the total burned', async ({ page, chain, wallet }, testInfo) => {
    await openAsAliceAfterTheBurn(page, chain, wallet, moments.locked)
    await expect(panelTitles(page)).toHaveText([
      'Tokens have been Locked',
      'Vesting Schedule in Progress',
      'Claimable Tokens',
      TIMELINE,
    ])
    const locked = panel(page, 'Tokens have been Locked')
    await expectStats(locked, { Amount: '1,234.56 NAI', 'Unlocking starts in': '444 days 00:00:00' })
    await expect(locked.getByRole('progressbar')).toHaveCount(0)
    await expect(locked.getByRole('button')).toHaveText(['Add to calendar'])

    const progress = panel(page, 'Vesting Schedule in Progress')
    await expect(progress.getByText(/no longer available/)).toHaveText(
      'Claim and burn is no longer available. Your tokens become claimable as they unlock, without any penalty.',
    )
    await expectStats(progress, { 'Total Burned': '166.5 NAI' })
    expect(await chain.totalBurned()).toBe(nai('166.5'))
    await expect(progress.getByRole('slider')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Claim & Burn' })).toHaveCount(0)
    await expect(panel(page, 'Claimable Tokens').getByRole('button', { name: 'Claim 12.5 NAI' })).toBeEnabled()
    await screenshot(page, testInfo, 'phase-locked')

    await showTime(page, moments.locked + 1)
    await expectStats(locked, { Amount: '1,234.56 NAI', 'Unlocking starts in': '443 days 23:59:59' })
  })

  test('unlocking at 25 %: a quarter unlocked, nothing claimed yet, all of it claimable', async ({
    page,
    chain,
    wallet,
  }, testInfo) => {
    await openAsAliceAfterTheBurn(page, chain, wallet, unlockingAt(25))
    await expect(panelTitles(page)).toHaveText(UNLOCKING_TITLES)
    // 1,234.5678 × 25 % = 308.64195; 365 days × 75 % left.
    const unlocking = await expectUnlocking(page, 25, {
      Total: '1,234.56 NAI',
      Unlocked: '308.64 NAI',
      'Counted as claimed': '0 NAI',
      Claimable: '308.64 NAI',
      'Time left': '273 days 18:00:00',
    })
    await expect(unlocking.getByRole('button', { name: 'Claim 308.64 NAI' })).toBeEnabled()
    await screenshot(page, testInfo, 'phase-unlocking')
  })

  test('unlocking at 60 % after claiming at 25 %: claimed and claimable split the unlocked amount', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolders([alice, bob])
    await seedBurn(chain)
    await chain.setTime(unlockingAt(25))
    const { amount: claimed } = await chain.unlockAs(alice.account)
    // Mined a few seconds after 25 %: 308.64195 NAI and at most a few thousandths more.
    expect(claimed).toBeGreaterThanOrEqual(nai('308.64195'))
    expect(claimed).toBeLessThan(nai('308.643'))
    await wallet.connectAs(alice.account)
    await openAt(page, chain, unlockingAt(60))

    // 1,234.5678 × 60 % = 740.74068 unlocked, of which 308.6419… claimed: 432.0987… claimable.
    await expectUnlocking(page, 60, {
      Total: '1,234.56 NAI',
      Unlocked: '740.74 NAI',
      'Counted as claimed': '308.64 NAI',
      Claimable: '432.09 NAI',
      'Time left': '146 days 00:00:00',
    })
  })

  test('ended: everything unlocked; once claimed, no claim button is left', async ({
    page,
    chain,
    wallet,
  }, testInfo) => {
    await openAsAliceAfterTheBurn(page, chain, wallet, moments.ended)
    await expect(panelTitles(page)).toHaveText(UNLOCKING_TITLES)
    const unlocking = await expectUnlocking(page, 100, {
      Total: '1,234.56 NAI',
      Unlocked: '1,234.56 NAI',
      'Counted as claimed': '0 NAI',
      Claimable: '1,234.56 NAI',
      'Time left': 'Expired',
    })
    await screenshot(page, testInfo, 'phase-ended')

    expect((await chain.unlockAs(alice.account)).amount).toBe(alice.amount)
    await page.reload()
    await expectStats(unlocking, {
      Total: '1,234.56 NAI',
      Unlocked: '1,234.56 NAI',
      'Counted as claimed': '1,234.56 NAI',
      Claimable: '0 NAI',
      'Time left': 'Expired',
    })
    await expect(unlocking.getByRole('button')).toHaveCount(0)
    await expect(unlocking.getByRole('progressbar', { name: 'Unlocked' })).toHaveAttribute('aria-valuenow', '100')
  })
})
