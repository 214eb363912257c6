import { mergeTests, type Page } from '@playwright/test'
import type { Address, Hash } from 'viem'
import { USER_AGENTS } from '../testing/userAgents'
import { test as base, expect, type LocalChain, nai, percent, publicEndpoint } from './fixtures/index'
import { claimPanel, isPhoneLayout, openConfirmation } from './fixtures/ui'
import { type WalletConnectWallet, walletConnectTest } from './fixtures/walletConnect'

/**
 * A Safe paired through WalletConnect: Safe{Wallet} acts as the wallet (the test wallet in its Safe mode, written from
 * Safe{Wallet}'s WalletConnect provider) and answers a write with the Safe transaction's hash, or with the chain
 * transaction's when its one owner executes at once. The page follows it on the chain through the public endpoint's
 * double (a node behind its peers, 2,048 blocks per log query).
 */
const test = mergeTests(base, walletConnectTest)

const connectButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })
const shortAddress = (address: Address) => `${address.slice(0, 4)}…${address.slice(-4)}`
const waiting = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first()

/**
 * The Safe holds 1,234.5 NAI with a quarter burned, and 50 NAI from the legacy platforms, and is paired the way
 * Safe{Wallet} offers it: its WalletConnect entry takes the portal's `wc:` link. Returns the Safe's figures.
 */
async function connectSafe(page: Page, chain: LocalChain, wallet: WalletConnectWallet) {
  await chain.addHolder({
    account: wallet.address,
    amount: nai('1234.5'),
    burnPercentage: percent(25),
    legacy: nai('50'),
  })
  await page.goto('/')
  if (isPhoneLayout(page)) {
    await connectButton(page).tap()
    const sheet = page.getByRole('dialog', { name: 'Connect a Wallet' })
    await sheet.getByRole('button', { name: 'WalletConnect' }).tap()
    await wallet.pair(await sheet.getByRole('textbox', { name: 'Connection link' }).inputValue())
  } else {
    // RainbowKit's modal, whose WalletConnect entry is a QR code: the link is asked for below its list and copied.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await connectButton(page).click()
    const modal = page.getByRole('dialog')
    await modal.getByRole('button', { name: 'Show a WalletConnect link' }).click()
    const shown = await modal.getByRole('textbox', { name: 'Connection link' }).inputValue()
    await modal.getByRole('button', { name: 'Copy link' }).click()
    await expect(modal.getByRole('button', { name: 'Copied' })).toBeVisible()
    const pasted = await page.evaluate(() => navigator.clipboard.readText())
    expect(pasted).toBe(shown)
    expect(pasted).toMatch(/^wc:/)
    await wallet.pair(pasted)
    await expect(modal).toBeHidden()
  }
  await expect(page.getByRole('banner').getByRole('button', { name: shortAddress(wallet.address) })).toBeVisible()
  return snapshot(chain, wallet.address)
}

const WRITES = ['eth_sendTransaction', 'wallet_sendCalls']

/** The Safe transaction hash Safe{Wallet} answered the page's last write with. */
async function answered(wallet: WalletConnectWallet): Promise<Hash> {
  const writes = () => wallet.events('answered').filter((event) => WRITES.includes(event.method))
  await expect.poll(() => writes().length).toBeGreaterThan(0)
  const result = writes().at(-1)?.result
  const hash = typeof result === 'object' && result !== null && 'id' in result ? result.id : result
  if (typeof hash !== 'string') throw new Error(`Safe{Wallet} answered ${JSON.stringify(result)}.`)
  return hash as Hash
}

/** The page says the whole position was claimed, and the chain moved exactly that: 1,234.5 NAI, a quarter burned. */
async function expectWholePositionClaimed(
  page: Page,
  chain: LocalChain,
  safe: Address,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  const burned = nai('308.625')
  expect(await snapshot(chain, safe)).toEqual({
    balance: before.balance + nai('1234.5') - burned,
    dead: before.dead + burned,
    position: 0n,
  })
}

async function snapshot(chain: LocalChain, safe: Address) {
  return {
    balance: await chain.balanceOf(safe),
    dead: await chain.deadBalance(),
    position: (await chain.position(safe)).amount,
  }
}

test.describe('a 2-of-3 Safe', () => {
  test.use({ walletSafe: { threshold: 2 }, walletInBackground: false })

  test("claims & burns: the page waits for the Safe's owners, through a reload, and settles exactly when they execute 2,000 blocks later", async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await connectSafe(page, chain, walletConnect)
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    const safeTxHash = await answered(walletConnect)
    await expect(waiting(page, "Waiting for the Safe's owners.")).toBeVisible()
    // Safe{Wallet} is no app to open: no Open link once the Safe has answered.
    await expect(waiting(page, "Waiting for the Safe's owners.").getByRole('link')).toHaveCount(0)

    await page.reload()
    await expect(waiting(page, "Waiting for the Safe's owners.")).toBeVisible()
    for (let mined = 0; mined < 2_000; mined += 100) await chain.mine({ blocks: 100, interval: 0 })
    await walletConnect.safeConfirm(safeTxHash, 1)
    await walletConnect.safeExecute(safeTxHash, 0)
    await expectWholePositionClaimed(page, chain, walletConnect.address, before)
  })

  test('a Safe the endpoint could not recognise at the click is recognised at its answer, and followed as one', async ({
    page,
    chain,
    walletConnect,
    rpcProxy,
  }) => {
    // The endpoint refuses the Safe's code from the connection through the click, as a rate-limited endpoint does.
    rpcProxy.setFaults({ ...publicEndpoint, busyMethods: ['eth_getCode'] })
    const before = await connectSafe(page, chain, walletConnect)
    await walletConnect.holdRequests()
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    await expect.poll(() => walletConnect.events('request').length).toBe(1)
    rpcProxy.setFaults(publicEndpoint)
    await walletConnect.releaseRequests()
    const safeTxHash = await answered(walletConnect)
    await expect(waiting(page, "Waiting for the Safe's owners.")).toBeVisible()
    await walletConnect.safeConfirm(safeTxHash, 1)
    await walletConnect.safeExecute(safeTxHash, 0)
    await expectWholePositionClaimed(page, chain, walletConnect.address, before)
  })

  test("an owner who closes Safe{Wallet}'s review: the page is quiet and nothing changed", async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await connectSafe(page, chain, walletConnect)
    await walletConnect.rejectNext('eth_sendTransaction')
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    await expect.poll(() => walletConnect.events('rejected').length).toBe(1)
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(waiting(page, "Waiting for the Safe's owners.")).toHaveCount(0)
    expect(await snapshot(chain, walletConnect.address)).toEqual(before)
  })

  test('a proposal the owners replace with another transaction at its nonce: Nothing was changed', async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await connectSafe(page, chain, walletConnect)
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    await answered(walletConnect)
    await expect(waiting(page, "Waiting for the Safe's owners.")).toBeVisible()
    // The Safe's first nonce: the owners reject the claim with an empty call to the Safe itself.
    const rejection = await walletConnect.safePropose([{ to: walletConnect.address }], 1, 0)
    await walletConnect.safeConfirm(rejection, 2)
    await walletConnect.safeExecute(rejection, 2)
    await expect(
      page.getByText(
        'The Safe executed another transaction with the same nonce, so this one can no longer run. Nothing was changed.',
      ),
    ).toBeVisible()
    expect(await snapshot(chain, walletConnect.address)).toEqual(before)
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  })

  test('Claim Everything goes to the Safe as one batch: one Safe transaction pays the position and the legacy amount', async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await connectSafe(page, chain, walletConnect)
    const section = page.getByRole('region', { name: 'Claim Everything' })
    // Known as a Safe, it is offered the batch it takes.
    await expect(section).toContainText('in one Safe transaction: the owners sign once')
    await section.getByRole('button', { name: 'Claim all 975.87 NAI', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Confirm claim all' })
      .getByRole('button', { name: 'Claim all', exact: true })
      .click()
    const safeTxHash = await answered(walletConnect)
    const writes = walletConnect.events('answered').filter((event) => WRITES.includes(event.method))
    expect(writes.map((event) => event.method)).toEqual(['wallet_sendCalls'])
    await expect(waiting(page, "Waiting for the Safe's owners.")).toBeVisible()
    // The page also asks Safe{Wallet} how the batch stands; while it waits for the owners, it is pending (100).
    await expect
      .poll(() => walletConnect.events('answered').find((event) => event.method === 'wallet_getCallsStatus')?.result)
      .toMatchObject({ id: safeTxHash, status: 100 })
    await walletConnect.safeConfirm(safeTxHash, 1)
    await walletConnect.safeExecute(safeTxHash, 1)
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible()
    const burned = nai('308.625')
    expect(await snapshot(chain, walletConnect.address)).toEqual({
      balance: before.balance + nai('1234.5') - burned + nai('50'),
      dead: before.dead + burned,
      position: 0n,
    })
    expect(await chain.legacyAmount(walletConnect.address)).toBe(0n)
  })
})

test.describe('a 2-of-3 Safe on a desktop', () => {
  test.use({
    walletSafe: { threshold: 2 },
    walletInBackground: false,
    userAgent: USER_AGENTS.desktop,
    isMobile: false,
    hasTouch: false,
    viewport: { width: 1440, height: 900 },
  })

  test("pairs with the link copied from RainbowKit's modal, claims & burns, and after Stop waiting still settles exactly when the owners execute", async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await connectSafe(page, chain, walletConnect)
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    const safeTxHash = await answered(walletConnect)
    await expect(waiting(page, "Waiting for the Safe's owners.")).toBeVisible()
    // The owners may take days: the holder stops waiting, and the proposal is still watched.
    await waiting(page, "Waiting for the Safe's owners.").getByRole('button', { name: 'Stop waiting' }).click()
    await expect(page.getByText('You stopped waiting for a transaction.', { exact: false })).toBeVisible()
    await chain.mine({ blocks: 100, interval: 0 })
    await walletConnect.safeConfirm(safeTxHash, 2)
    await walletConnect.safeExecute(safeTxHash, 2)
    await expect(page.getByText('The transaction you stopped waiting for was confirmed after all.')).toBeVisible()
    await expectWholePositionClaimed(page, chain, walletConnect.address, before)
  })
})

test.describe('a 1-of-1 Safe whose owner executes at once', () => {
  test.use({ walletSafe: { threshold: 1 }, walletInBackground: false })

  test('Safe{Wallet} answers with the chain transaction: the page settles from its receipt', async ({
    page,
    chain,
    walletConnect,
  }) => {
    const { balance } = await connectSafe(page, chain, walletConnect)
    await page.getByRole('region', { name: 'Claimable Tokens' }).getByRole('button', { name: 'Claim 50 NAI' }).click()
    const hash = await answered(walletConnect)
    expect((await chain.getTransactionReceipt({ hash })).status).toBe('success')
    await expect(page.getByRole('region', { name: 'Claimable Tokens' })).toBeHidden()
    await expect(waiting(page, "Waiting for the Safe's owners.")).toHaveCount(0)
    expect(await chain.balanceOf(walletConnect.address)).toBe(balance + nai('50'))
  })
})
