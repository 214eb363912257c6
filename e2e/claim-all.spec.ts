import type { Locator, Page } from '@playwright/test'
import type { Hash } from 'viem'
import {
  accounts,
  type E2EWallet,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  schedule,
  test,
} from './fixtures/index'
import { claimPanel, openAs, stat, unlockPanel } from './fixtures/ui'

/** 1,000 NAI with a quarter burned in the claim window, and 50 NAI left over from the legacy platforms. */
const alice: Holder = {
  account: accounts.alice,
  amount: nai(1000),
  burnPercentage: percent(25),
  legacy: nai(50),
  balance: nai(3),
}

const claimAllSection = (page: Page) => page.getByRole('region', { name: 'Claim Everything' })
const legacySection = (page: Page) => page.getByRole('region', { name: 'Claimable Tokens' })

/** The contract's formula: what has unlocked of `amount` at block time `timestamp`. */
function vestedAt(amount: bigint, timestamp: bigint): bigint {
  const start = BigInt(schedule.unlockStart)
  const end = BigInt(schedule.unlockEnd)
  if (timestamp >= end) return amount
  return (amount * (timestamp - start)) / (end - start)
}

async function blockTime(chain: LocalChain, hash: Hash): Promise<{ block: bigint; time: bigint }> {
  const receipt = await chain.getTransactionReceipt({ hash })
  const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
  return { block: receipt.blockNumber, time: block.timestamp }
}

/** What the holder has, and what the contracts still owe them. */
async function holdings(chain: LocalChain) {
  return {
    balance: await chain.balanceOf(accounts.alice),
    dead: await chain.deadBalance(),
    position: await chain.position(accounts.alice),
    legacy: await chain.legacyAmount(accounts.alice),
  }
}

/** Adds alice, opens the portal as her in a wallet that batches in `shape` (or not at all), and returns the section. */
async function openAsAlice(
  page: Page,
  wallet: E2EWallet,
  chain: LocalChain,
  shape?: 'atomic' | 'atomicBatch',
  ready: (page: Page) => Locator = unlockPanel,
) {
  if (shape) wallet.enableBatching(shape)
  await chain.addHolder(alice)
  await openAs(page, wallet, accounts.alice, ready)
  return { section: claimAllSection(page), before: await holdings(chain) }
}

/** The calls of the one batch the wallet received: Vesting.unlock (or claimAndBurn) and LegacyClaim.claim. */
function onlyBatch(wallet: E2EWallet) {
  const batches = wallet.batches()
  expect(batches).toHaveLength(1)
  const [batch] = batches
  if (!batch) throw new Error('The wallet received no batch.')
  return batch
}

test.describe('while tokens are unlocking', () => {
  test.use({ moment: moments.unlocking })

  test('a wallet that batches (atomic status): one request, both calls in one block, exact amounts', async ({
    page,
    wallet,
    chain,
  }) => {
    const { section, before } = await openAsAlice(page, wallet, chain, 'atomic')
    await expect(
      section.getByText('250 NAI unlocked and 50 NAI from previous vesting platforms, in one batch: your wallet asks', {
        exact: false,
      }),
    ).toBeVisible()

    await section.getByRole('button', { name: 'Claim all 300 NAI', exact: true }).click()
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible()
    await expect(section).toBeHidden()
    await expect(legacySection(page)).toBeHidden()

    const batch = onlyBatch(wallet)
    expect(batch.calls).toHaveLength(2)
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(0)
    // The wallet was asked what it can do once for the connection.
    expect(wallet.requests('wallet_getCapabilities')).toHaveLength(1)
    const [unlockHash, legacyHash] = batch.hashes
    if (!unlockHash || !legacyHash) throw new Error('The batch mined fewer than two transactions.')
    const unlocked = await blockTime(chain, unlockHash)
    expect((await blockTime(chain, legacyHash)).block).toBe(unlocked.block)
    const paid = vestedAt(alice.amount, unlocked.time)
    expect(paid).toBeGreaterThan(nai(250))
    expect(await holdings(chain)).toEqual({
      balance: before.balance + paid + nai(50),
      dead: before.dead,
      position: { ...before.position, unlockedAmount: paid },
      legacy: 0n,
    })
    await expect(stat(unlockPanel(page), 'Counted as claimed')).toHaveText('250 NAI')

    // The wallet's recent transactions list the two mined transactions, confirmed, never the batch id.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /0x70…79C8/ })
      .click()
    const recent = page.getByRole('dialog')
    await expect(recent.getByText('Claim all: 250 NAI unlocked and 50 NAI legacy')).toHaveCount(2)
    await expect(recent.getByText('Confirmed', { exact: true })).toHaveCount(2)
  })

  test('a wallet that reports the older atomicBatch shape also batches, and the batch survives a reload', async ({
    page,
    wallet,
    chain,
  }) => {
    const { section, before } = await openAsAlice(page, wallet, chain, 'atomicBatch')

    await wallet.holdTransactions()
    await section.getByRole('button', { name: 'Claim all 300 NAI', exact: true }).click()
    await expect(section.getByRole('button', { name: 'Claiming...' })).toBeDisabled()
    await expect.poll(() => wallet.batches().length).toBe(1)
    expect(wallet.batches()[0]?.id).toMatch(/^batch-/)

    await page.reload()
    await expect(claimAllSection(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
    await expect(legacySection(page).getByRole('button', { name: 'Claim 50 NAI' })).toBeDisabled()
    const mined = await wallet.releaseTransactions()
    expect(mined).toEqual(onlyBatch(wallet).hashes)
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible()
    await expect(claimAllSection(page)).toBeHidden()

    const [unlockHash] = mined
    if (!unlockHash) throw new Error('The batch mined nothing.')
    const paid = vestedAt(alice.amount, (await blockTime(chain, unlockHash)).time)
    expect(await holdings(chain)).toEqual({
      balance: before.balance + paid + nai(50),
      dead: before.dead,
      position: { ...before.position, unlockedAmount: paid },
      legacy: 0n,
    })
    expect(wallet.requests('wallet_getCallsStatus').length).toBeGreaterThan(0)
  })

  test('a wallet without batches: two transactions one after the other, the second once the first succeeded', async ({
    page,
    wallet,
    chain,
  }) => {
    const { section, before } = await openAsAlice(page, wallet, chain)
    await expect(
      section.getByText('as two transactions, one after the other: your wallet asks you for each', { exact: false }),
    ).toBeVisible()

    await wallet.holdTransactions()
    await section.getByRole('button', { name: 'Claim all 300 NAI', exact: true }).click()
    await expect.poll(() => wallet.transactions().length).toBe(1)
    // The legacy claim waits for the unlock's receipt.
    await page.clock.runFor(2_000)
    expect(wallet.transactions()).toHaveLength(1)
    const [unlockHash] = await wallet.releaseTransactions()
    if (!unlockHash) throw new Error('The unlock was not mined.')
    await expect.poll(() => wallet.transactions().length).toBe(2)
    await expect(section).toBeHidden()
    const legacyHash = wallet.transactions()[1] as Hash
    expect((await blockTime(chain, legacyHash)).block).toBeGreaterThan((await blockTime(chain, unlockHash)).block)
    await expect(legacySection(page)).toBeHidden()

    expect(wallet.requests('wallet_sendCalls')).toHaveLength(0)
    // A wallet that refuses to say what it can do has answered: it is asked once for the connection, not again.
    expect(wallet.requests('wallet_getCapabilities')).toHaveLength(1)
    const paid = vestedAt(alice.amount, (await blockTime(chain, unlockHash)).time)
    expect(await holdings(chain)).toEqual({
      balance: before.balance + paid + nai(50),
      dead: before.dead,
      position: { ...before.position, unlockedAmount: paid },
      legacy: 0n,
    })
  })

  test('a batch rejected in the wallet changes nothing and says nothing', async ({ page, wallet, chain }) => {
    const { section, before } = await openAsAlice(page, wallet, chain, 'atomic')

    wallet.rejectNext('wallet_sendCalls')
    await section.getByRole('button', { name: 'Claim all 300 NAI', exact: true }).click()
    await expect.poll(() => wallet.requests('wallet_sendCalls').length).toBe(1)
    await expect(section.getByRole('button', { name: 'Claim all 300 NAI', exact: true })).toBeEnabled()
    await expect(page.getByRole('status').filter({ hasText: /transaction|batch|failed/i })).toHaveCount(0)
    expect(wallet.batches()).toHaveLength(0)
    expect(await holdings(chain)).toEqual(before)
  })
})

test.describe('in the claim window', () => {
  test('claim & burn of the whole position and the legacy claim in one batch, after an exact confirmation', async ({
    page,
    wallet,
    chain,
  }) => {
    const { section, before } = await openAsAlice(page, wallet, chain, 'atomic', claimPanel)
    await expect(
      section.getByText(
        'Your whole position with its burn (750 NAI for you, 250 NAI burned) and 50 NAI from previous vesting platforms, in one batch',
        { exact: false },
      ),
    ).toBeVisible()

    await section.getByRole('button', { name: 'Claim all 800 NAI', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm claim all' })
    await expect(
      confirm.getByText(
        'You receive 800 NAI: 750 NAI from your position and 50 NAI from previous vesting platforms. 250 NAI are burned.',
      ),
    ).toBeVisible()
    // Cancelling sends nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    expect(wallet.requests('wallet_sendCalls')).toHaveLength(0)

    await section.getByRole('button', { name: 'Claim all 800 NAI', exact: true }).click()
    await confirm.getByRole('button', { name: 'Claim all', exact: true }).click()
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible()
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()

    const batch = onlyBatch(wallet)
    const [burnHash, legacyHash] = batch.hashes
    if (!burnHash || !legacyHash) throw new Error('The batch mined fewer than two transactions.')
    expect((await blockTime(chain, legacyHash)).block).toBe((await blockTime(chain, burnHash)).block)
    expect(await holdings(chain)).toEqual({
      balance: before.balance + nai(750) + nai(50),
      dead: before.dead + nai(250),
      position: { ...before.position, amount: 0n },
      legacy: 0n,
    })
  })
})
