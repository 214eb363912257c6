import type { Locator, Page, Route } from '@playwright/test'
import { type Address, getAddress } from 'viem'
import { formatDateTime } from '../src/domain/format'
import { rpcUrl } from '../testing/env'
import { accounts, expect, type Holder, moments, nai, percent, schedule, test } from './fixtures/index'
import { card, openTools, panel, panelTitles, TIMELINE } from './fixtures/ui'

/**
 * Every state of the vesting card besides the phases: no wallet, loading, no position, claimed in full,
 * legacy only, read failures with retry, contract not found, countdowns running out, and the device-clock notice.
 */

const alice = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) } as const satisfies Holder

const CONNECT_PROMPT = 'Connect your wallet to see your vesting position.'
/** Every endpoint refused, the device online: the busy notice, which retries by itself. */
const LOAD_FAILURE =
  /^Your vesting data could not be loaded\. The network is busy — retrying (in [1-9]\d* s\.|now…)Retry$/
const CLOCK_NOTICE =
  "Your device clock differs from the blockchain's by more than 2 minutes; times on this page follow the chain."

const note = (page: Page) => page.getByText(/^Make your choice before/)
const loading = (page: Page) => card(page).getByText('Loading...', { exact: true })

/** The panel's labelled figures, in order, exactly. */
async function expectStats(region: Locator, stats: Record<string, string>): Promise<void> {
  await expect(region.locator('dt')).toHaveText(Object.keys(stats))
  await expect(region.locator('dd')).toHaveText(Object.values(stats))
}

const isRpc = (url: URL) => url.origin === rpcUrl

/** Whether a request to the chain concerns `holder`: the holder's multicall carries the address in its calldata. */
function concerns(route: Route, holder: Address): boolean {
  return route.request().postData()?.toLowerCase().includes(holder.slice(2).toLowerCase()) ?? false
}

test.describe('without a connected wallet', () => {
  test('asks to connect; RainbowKit opens its connect modal (no browser wallet installed)', async ({ page }) => {
    await page.goto('/')
    await expect(note(page)).toBeVisible()
    await expect(card(page).getByText(CONNECT_PROMPT)).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(panelTitles(page)).toHaveCount(0)

    await card(page).getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog', { name: 'Connect a Wallet' })
    await expect(modal).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Local test wallet' })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'E2E Wallet' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(modal).toHaveCount(0)
    await expect(card(page).getByText(CONNECT_PROMPT)).toBeVisible()
  })

  test('connecting the browser wallet through the modal shows the position', async ({ page, chain, wallet }) => {
    await chain.addHolder(alice)
    wallet.setAccount(alice.account)
    await page.goto('/')
    await expect(card(page).getByText(CONNECT_PROMPT)).toBeVisible()

    await card(page).getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog', { name: 'Connect a Wallet' })
    await modal.getByRole('button', { name: 'E2E Wallet' }).click()
    await expect(modal).toHaveCount(0)
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '750 NAI', Burn: '250 NAI' })
    await expect(panel(page, 'Lock for the Future').locator('dd').first()).toHaveText('1,000 NAI')
    await expect(page.getByText(CONNECT_PROMPT)).toHaveCount(0)
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    expect(wallet.requests().some((request) => request.method === 'wallet_requestPermissions')).toBe(true)
  })
})

test.describe('while reading', () => {
  // Requests the page's service worker passes on would escape page.route.
  test.use({ serviceWorkers: 'block' })

  test('shows "Loading..." until the holder read answers, then the figures', async ({ page, chain, wallet }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let held = 0
    await page.route(isRpc, async (route) => {
      if (concerns(route, alice.account)) {
        held++
        await released
      }
      await route.continue()
    })
    await page.goto('/')

    // The note comes from the build's deployment facts; the holder's multicall, which checks them, is held.
    await expect(note(page)).toBeVisible()
    await expect(loading(page)).toBeVisible()
    await expect.poll(() => held).toBeGreaterThan(0)
    await expect(page.getByText(CONNECT_PROMPT)).toHaveCount(0)
    await expect(panelTitles(page)).toHaveCount(0)

    release()
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '750 NAI', Burn: '250 NAI' })
    await expect(loading(page)).toHaveCount(0)
  })

  test("a failed holder read shows an alert with Retry, never an endless 'Loading...'", async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    const failHolderReads = (route: Route) =>
      concerns(route, alice.account) ? route.abort('connectionrefused') : route.continue()
    await page.route(isRpc, failHolderReads)
    await page.goto('/')

    const alert = card(page).getByRole('alert')
    await expect(alert).toHaveText(LOAD_FAILURE)
    await expect(note(page)).toBeVisible()
    await expect(loading(page)).toHaveCount(0)
    await expect(panelTitles(page)).toHaveCount(0)

    await page.unroute(isRpc, failHolderReads)
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '750 NAI', Burn: '250 NAI' })
    await expect(card(page).getByRole('alert')).toHaveCount(0)
  })

  test("an unreachable RPC shows the busy notice under the build's note; Retry loads the page", async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    const refuse = (route: Route) => route.abort('connectionrefused')
    await page.route(isRpc, refuse)
    await page.goto('/')

    const alert = card(page).getByRole('alert')
    await expect(alert).toHaveText(LOAD_FAILURE)
    // The claim window's end is one of the deployment's facts the build carries: it needs no chain.
    await expect(note(page)).toBeVisible()
    await expect(loading(page)).toHaveCount(0)
    await expect(panelTitles(page)).toHaveCount(0)

    await page.unroute(isRpc, refuse)
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '750 NAI', Burn: '250 NAI' })
    await expect(card(page).getByRole('alert')).toHaveCount(0)
  })
})

test.describe('the figures’ own code', () => {
  // Requests the page's service worker answers would escape page.route.
  test.use({ serviceWorkers: 'block' })

  const panelsCode = /\/assets\/PositionPanels-[\w-]{8}\.js$/

  test('is not fetched on a first visit, only once there is a position to show', async ({ page, chain }) => {
    await chain.addHolder(alice)
    const fetched: string[] = []
    page.on('request', (request) => {
      if (panelsCode.test(request.url())) fetched.push(request.url())
    })
    await page.goto('/')
    await expect(card(page).getByRole('button', { name: 'Watch', exact: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(fetched).toEqual([])

    await page.goto(`/?address=${alice.account}`)
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '750 NAI', Burn: '250 NAI' })
    expect(fetched).toHaveLength(1)
  })

  test('that cannot be fetched leaves a message and a reload, not a blank page', async ({ page, chain, wallet }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    await page.route(panelsCode, (route) => route.abort('internetdisconnected'))
    await page.goto('/')

    const alert = card(page).getByRole('alert')
    await expect(alert).toHaveText(
      'This part of the page could not be loaded. Check your connection, then reload the page.Reload',
    )
    await expect(note(page)).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()

    await page.unrouteAll()
    await alert.getByRole('button', { name: 'Reload' }).click()
    await expectStats(panel(page, 'Claim and Burn Now'), { Receive: '750 NAI', Burn: '250 NAI' })
    await expect(card(page).getByRole('alert')).toHaveCount(0)
  })
})

test.describe('on a network without the contracts', () => {
  test.use({ deployContracts: false })

  test('says "Contract not found on this network." instead of loading forever', async ({ page, chain, wallet }) => {
    expect(await chain.getCode({ address: chain.addresses.vesting })).toBeUndefined()
    await wallet.connectAs(alice.account)
    await page.goto('/')

    const alert = card(page).getByRole('alert')
    await expect(alert).toHaveText(
      'Contract not found on this network. The configured vesting contracts have no code on this chain. Check the ' +
        'network and the contract addresses of this deployment.',
    )
    await expect(alert.getByText('Contract not found on this network.', { exact: true })).toBeVisible()
    await expect(alert.getByRole('button')).toHaveCount(0)
    await expect(loading(page)).toHaveCount(0)
    await expect(note(page)).toHaveCount(0)
  })
})

test.describe('positions without panels', () => {
  test('an address with nothing gets a plain statement, not a page of zeros', async ({ page, wallet }) => {
    await wallet.connectAs(accounts.carol)
    await page.goto('/')
    await expect(card(page).getByText('This address has no NAI vesting position.', { exact: true })).toBeVisible()
    await expect(panelTitles(page)).toHaveCount(0)
    await expect(card(page).getByText(/NAI$/)).toHaveCount(0)
    await expect((await openTools(page)).getByRole('button', { name: 'Add NAI to wallet' })).toBeVisible()
  })

  test('a holder who claimed the whole position is told so', async ({ page, chain, wallet }) => {
    await chain.addHolder(alice)
    expect(await chain.claimAndBurnAs(alice.account, alice.amount)).toMatchObject({
      received: nai(750),
      burned: nai(250),
    })
    await wallet.connectAs(alice.account)
    await page.goto('/')
    await expect(card(page).getByText('You have claimed your whole position.', { exact: true })).toBeVisible()
    await expect(card(page).getByText('This address has no NAI vesting position.')).toHaveCount(0)
    await expect(panelTitles(page)).toHaveText([TIMELINE])
  })

  test('a 0 % burn holder who claimed everything reads (0, 0, 0) on chain and is still told they claimed it', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder({ account: accounts.bob, amount: nai(80), burnPercentage: 0n })
    expect(await chain.claimAndBurnAs(accounts.bob, nai(80))).toMatchObject({ received: nai(80), burned: 0n })
    // The position reads like an address that never had one; the contract's everAllocated tells them apart.
    expect(await chain.position(accounts.bob)).toEqual({ amount: 0n, burnPercentage: 0n, unlockedAmount: 0n })
    await wallet.connectAs(accounts.bob)
    await page.goto('/')
    await expect(card(page).getByText('You have claimed your whole position.', { exact: true })).toBeVisible()
    await expect(card(page).getByText('This address has no NAI vesting position.')).toHaveCount(0)
  })

  test.describe('after the claim window', () => {
    test.use({ moment: moments.locked })

    test('a holder who moved the whole locked position is told where and when, once the history is read', async ({
      page,
      chain,
      wallet,
    }) => {
      const pool = getAddress('0x00000000000000000000000000000000000b00c5')
      await chain.addHolder(alice)
      await chain.whitelistContract(pool)
      const { hash } = await chain.transferLockedAs(alice.account, pool, alice.amount)
      const receipt = await chain.getTransactionReceipt({ hash })
      const { timestamp } = await chain.getBlock({ blockNumber: receipt.blockNumber })
      await wallet.connectAs(alice.account)
      await page.goto('/')
      await expect(
        card(page).getByText('You have claimed or moved your whole position.', { exact: true }),
      ).toBeVisible()
      await card(page).getByRole('button', { name: 'Show when' }).click()
      await expect(card(page).getByText(/^You have moved your whole position/)).toHaveText(
        `You have moved your whole position to 0x00…00c5 on ${formatDateTime(timestamp, 'en-US', 'UTC')}.`,
      )
      await expect(card(page).getByRole('button', { name: 'Show when' })).toHaveCount(0)
    })
  })

  test('a legacy-only holder sees the statement and the legacy claim', async ({ page, chain, wallet }) => {
    await chain.addHolder({ account: accounts.dave, amount: 0n, burnPercentage: 0n, legacy: nai('7.25') })
    await wallet.connectAs(accounts.dave)
    await page.goto('/')
    await expect(card(page).getByText('This address has no NAI vesting position.', { exact: true })).toBeVisible()
    await expect(panelTitles(page)).toHaveText(['Claimable Tokens'])
    const legacy = panel(page, 'Claimable Tokens')
    await expect(legacy.getByText(/previous vesting platforms/)).toHaveText(
      'You have unclaimed tokens left over from previous vesting platforms. Claim them in full at any time.',
    )
    await expect(legacy.getByRole('button', { name: 'Claim 7.25 NAI' })).toBeEnabled()
  })
})

test.describe('countdowns running out', () => {
  test.describe('at the end of the claim window', () => {
    test.use({ moment: schedule.claimEnd - 30 })

    test('the left panel turns from "Lock for the Future" to "Tokens have been Locked"', async ({
      page,
      chain,
      wallet,
    }) => {
      await chain.addHolder(alice)
      await wallet.connectAs(alice.account)
      await page.goto('/')
      await expect(panel(page, 'Claim and Burn Now').locator('dd')).toHaveText(['750 NAI', '250 NAI'])

      // The page's clock stops 3 s before claimEnd; each runFor fires the page's 1 s tick.
      await page.clock.pauseAt((schedule.claimEnd - 3) * 1000)
      await expectStats(panel(page, 'Lock for the Future'), { Amount: '1,000 NAI', 'Time left': '00:00:03' })
      await page.clock.runFor(1000)
      await expectStats(panel(page, 'Lock for the Future'), { Amount: '1,000 NAI', 'Time left': '00:00:02' })
      await page.clock.runFor(1000)
      await expectStats(panel(page, 'Lock for the Future'), { Amount: '1,000 NAI', 'Time left': '00:00:01' })
      await expect(panelTitles(page)).toHaveText(['Lock for the Future', 'Claim and Burn Now', TIMELINE])

      await page.clock.runFor(1000)
      await expect(panelTitles(page)).toHaveText(['Tokens have been Locked', 'Vesting Schedule in Progress', TIMELINE])
      // claimEnd → unlockStart is 445 days.
      await expectStats(panel(page, 'Tokens have been Locked'), {
        Amount: '1,000 NAI',
        'Unlocking starts in': '445 days 00:00:00',
      })
      await expectStats(panel(page, 'Vesting Schedule in Progress'), { 'Total Burned': '0 NAI' })
      await expect(page.getByRole('slider')).toHaveCount(0)
      await page.clock.runFor(1000)
      await expectStats(panel(page, 'Tokens have been Locked'), {
        Amount: '1,000 NAI',
        'Unlocking starts in': '444 days 23:59:59',
      })
    })
  })

  test.describe('at the end of the unlock', () => {
    test.use({ moment: schedule.unlockEnd - 30 })

    test('"Time left" reads "Expired" and everything is claimable', async ({ page, chain, wallet }) => {
      await chain.addHolder(alice)
      await wallet.connectAs(alice.account)
      await page.goto('/')
      const unlocking = panel(page, 'Tokens are Unlocking')
      await expect(unlocking).toBeVisible()

      await page.clock.pauseAt((schedule.unlockEnd - 2) * 1000)
      // 1,000 × (365 days − 2 s) ÷ 365 days = 999.99993…
      await expectStats(unlocking, {
        Total: '1,000 NAI',
        Unlocked: '999.99 NAI',
        'Counted as claimed': '0 NAI',
        Claimable: '999.99 NAI',
        'Time left': '00:00:02',
      })
      await expect(unlocking.getByRole('progressbar', { name: 'Unlocked' })).toHaveAttribute('aria-valuenow', '99')
      await expect(unlocking.getByRole('button')).toHaveText(['Claim 999.99 NAI'])

      await page.clock.runFor(2000)
      await expectStats(unlocking, {
        Total: '1,000 NAI',
        Unlocked: '1,000 NAI',
        'Counted as claimed': '0 NAI',
        Claimable: '1,000 NAI',
        'Time left': 'Expired',
      })
      await expect(unlocking.getByRole('progressbar', { name: 'Unlocked' })).toHaveAttribute('aria-valuenow', '100')
      await expect(unlocking.getByRole('button')).toHaveText(['Claim 1,000 NAI'])
      await page.clock.runFor(5000)
      await expect(unlocking.locator('dd').last()).toHaveText('Expired')
    })
  })
})

test.describe('device clock', () => {
  test('more than 2 minutes off the chain: the page says so and runs on chain time', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    // Mining stops with one last block dated exactly `chainTime`: the block time every read sees is known.
    const chainTime = moments.claim + 60
    await wallet.holdTransactions()
    await chain.setNextBlockTimestamp({ timestamp: BigInt(chainTime) })
    await chain.mine({ blocks: 1 })
    expect(await chain.now()).toBe(chainTime)
    const lock = panel(page, 'Lock for the Future')
    const notice = page.getByRole('status').filter({ hasText: /device clock/ })

    // 90 s ahead is within tolerance: the page follows the device (claimEnd is 13 days − 150 s away).
    await page.clock.setFixedTime((chainTime + 90) * 1000)
    await page.goto('/')
    await expectStats(lock, { Amount: '1,000 NAI', 'Time left': '12 days 23:57:30' })
    await expect(notice).toHaveCount(0)

    // 3 minutes ahead: chain time, 13 days − 60 s before claimEnd.
    await page.clock.setFixedTime((chainTime + 180) * 1000)
    await page.reload()
    await expect(notice).toHaveText(CLOCK_NOTICE)
    await expectStats(lock, { Amount: '1,000 NAI', 'Time left': '12 days 23:59:00' })
    // It keeps ticking with the device, shifted.
    await page.clock.setFixedTime((chainTime + 181) * 1000)
    await expectStats(lock, { Amount: '1,000 NAI', 'Time left': '12 days 23:58:59' })

    // 3 minutes behind.
    await page.clock.setFixedTime((chainTime - 180) * 1000)
    await page.reload()
    await expect(notice).toHaveText(CLOCK_NOTICE)
    await expectStats(lock, { Amount: '1,000 NAI', 'Time left': '12 days 23:59:00' })
  })
})
