import type { Page, Request } from '@playwright/test'
import type { Hash } from 'viem'
import { rpcUrl } from '../testing/env'
import { accounts, type E2EWallet, expect, type Holder, type LocalChain, nai, percent, test } from './fixtures/index'
import { claimPanel, confirmDialog, lockPanel, openAs, openConfirmation, setShare, stat } from './fixtures/ui'

const alice: Holder = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25), balance: nai(5) }

/** Claim & Burn confirmed while mining is held: returns the hash the wallet sent, still pending. */
async function sendHeldClaim(page: Page, wallet: E2EWallet): Promise<Hash> {
  await wallet.holdTransactions()
  await openConfirmation(page)
  await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
  await expect(claimPanel(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
  await expect.poll(() => wallet.transactions().length).toBe(1)
  const [hash] = wallet.transactions()
  if (!hash) throw new Error('The page sent no transaction.')
  return hash
}

/** Whether `request` is the page asking the chain for the transaction `hash` (alone or in a JSON-RPC batch). */
function looksUpTransaction(request: Request, hash: Hash): boolean {
  if (!request.url().startsWith(rpcUrl) || request.method() !== 'POST') return false
  const body: unknown = request.postDataJSON()
  return (Array.isArray(body) ? body : [body]).some(
    (call: unknown) =>
      typeof call === 'object' &&
      call !== null &&
      'method' in call &&
      call.method === 'eth_getTransactionByHash' &&
      'params' in call &&
      Array.isArray(call.params) &&
      call.params[0] === hash,
  )
}

/**
 * Sends a held claim and waits until the page has read it back from the chain while pending: that is how it learns
 * the sender and nonce that identify a replacement (in real use a speed-up or cancel comes long after sending).
 */
async function sendHeldClaimSeenPending(page: Page, wallet: E2EWallet): Promise<Hash> {
  const seen = page.waitForResponse(async (response) => {
    const [hash] = wallet.transactions()
    if (!hash || !looksUpTransaction(response.request(), hash)) return false
    const body: unknown = await response.json()
    // The transaction found, in the reply on its own or among the batch's replies.
    return (Array.isArray(body) ? body : [body]).some(
      (reply: unknown) =>
        typeof reply === 'object' &&
        reply !== null &&
        'result' in reply &&
        typeof reply.result === 'object' &&
        reply.result !== null &&
        'hash' in reply.result &&
        reply.result.hash === hash,
    )
  })
  const hash = await sendHeldClaim(page, wallet)
  await seen
  return hash
}

async function holdings(chain: LocalChain) {
  return {
    balance: await chain.balanceOf(accounts.alice),
    dead: await chain.deadBalance(),
    position: (await chain.position(accounts.alice)).amount,
  }
}

test.beforeEach(async ({ chain }) => {
  await chain.addHolder(alice)
})

test('a reload while the claim is pending resumes waiting for it', async ({ page, wallet, chain }) => {
  await openAs(page, wallet, accounts.alice)
  const before = await holdings(chain)
  // 40 % of 1,000: 400 claimed, 100 burned, 300 received.
  await setShare(page, 40)
  const hash = await sendHeldClaim(page, wallet)

  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
  await expect(claimPanel(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')

  expect(await wallet.releaseTransactions()).toEqual([hash])
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('600 NAI')
  // The reloaded slider is back at 100 % of what is left: 600, a quarter burned.
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('450 NAI')
  await expect(stat(claimPanel(page), 'Burn')).toHaveText('150 NAI')
  await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  expect(await holdings(chain)).toEqual({
    balance: before.balance + nai(300),
    dead: before.dead + nai(100),
    position: before.position - nai(400),
  })
  expect(wallet.transactions()).toEqual([hash])
})

test('a repriced replacement counts as the claim', async ({ page, wallet, chain }) => {
  await openAs(page, wallet, accounts.alice)
  const before = await holdings(chain)
  const hash = await sendHeldClaimSeenPending(page, wallet)

  const replacement = await wallet.replaceTransaction(hash, 'repriced')
  expect(await wallet.releaseTransactions()).toEqual([replacement])
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await holdings(chain)).toEqual({
    balance: before.balance + nai(750),
    dead: before.dead + nai(250),
    position: 0n,
  })
})

test('a cancelled replacement is a failure, and the claim is available again', async ({ page, wallet, chain }) => {
  await openAs(page, wallet, accounts.alice)
  const before = await holdings(chain)
  const hash = await sendHeldClaimSeenPending(page, wallet)

  const replacement = await wallet.replaceTransaction(hash, 'cancelled')
  expect(await wallet.releaseTransactions()).toEqual([replacement])
  await expect(page.getByRole('alert').getByRole('paragraph')).toHaveText(
    'The transaction was cancelled in your wallet.',
  )
  const button = claimPanel(page).getByRole('button', { name: 'Claim & Burn' })
  await expect(button).toBeEnabled()
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')
  expect(await holdings(chain)).toEqual(before)
  // Nothing is left pending: a reload does not resume the cancelled claim.
  await page.reload()
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')
  await expect(button).toBeEnabled()
})

test('a speed-up mined while the portal was closed counts as the claim on return', async ({ page, wallet, chain }) => {
  await openAs(page, wallet, accounts.alice)
  const before = await holdings(chain)
  const hash = await sendHeldClaim(page, wallet)
  // The stored record carries the nonce that identifies a replacement.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('nai.pendingTransaction') ?? '{}').nonce))
    .toBeGreaterThanOrEqual(0)

  await page.goto('about:blank')
  const replacement = await wallet.replaceTransaction(hash, 'repriced')
  expect(await wallet.releaseTransactions()).toEqual([replacement])
  await page.goto('/')

  // Found in the sender's nonce slot: the sped-up claim counts as the claim.
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nai.pendingTransaction'))).toBeNull()
  expect(await holdings(chain)).toEqual({
    balance: before.balance + nai(750),
    dead: before.dead + nai(250),
    position: 0n,
  })
})

test('"Stop waiting" frees the actions while the transaction is still watched, and says when it lands', async ({
  page,
  wallet,
  chain,
}) => {
  await openAs(page, wallet, accounts.alice)
  const before = await holdings(chain)
  const hash = await sendHeldClaim(page, wallet)
  const waiting = page.getByRole('status').filter({ hasText: /^Waiting for your transaction/ })
  await expect(waiting.getByRole('paragraph')).toHaveText(
    'Waiting for your transaction to be confirmed: Claim & Burn: receive 750 NAI, burn 250 NAI.',
  )

  await waiting.getByRole('button', { name: 'Stop waiting' }).click()
  await expect(waiting).toHaveCount(0)
  await expect(
    page.getByText(
      'You stopped waiting for a transaction. It is still watched, and you will be told here if it lands.',
    ),
  ).toBeVisible()
  await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  expect(await holdings(chain)).toEqual(before)

  // It lands later: the page says so, and the figures follow.
  expect(await wallet.releaseTransactions()).toEqual([hash])
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^The transaction you stopped waiting for/ })
      .getByRole('paragraph'),
  ).toHaveText('The transaction you stopped waiting for was confirmed after all.')
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  await expect(page.getByText(/^You stopped waiting/)).toHaveCount(0)
  expect(await holdings(chain)).toEqual({
    balance: before.balance + nai(750),
    dead: before.dead + nai(250),
    position: 0n,
  })
})

test('a settled write says what happened; the local chain has no explorer to link to', async ({ page, wallet }) => {
  await openAs(page, wallet, accounts.alice)
  const hash = await sendHeldClaim(page, wallet)
  expect(await wallet.releaseTransactions()).toEqual([hash])
  const done = page.getByRole('status').filter({ hasText: 'Your transaction was confirmed.' })
  await expect(done.getByRole('paragraph')).toHaveText('Your transaction was confirmed.')
  await expect(done.getByRole('link')).toHaveCount(0)
  await done.getByRole('button', { name: 'Dismiss' }).click()
  await expect(done).toHaveCount(0)
})

test("switching account while another account's transaction is pending says why actions wait", async ({
  page,
  wallet,
  chain,
}) => {
  await chain.addHolder({ account: accounts.bob, amount: nai(200), burnPercentage: percent(50) })
  await openAs(page, wallet, accounts.alice)
  const hash = await sendHeldClaim(page, wallet)

  await wallet.switchAccount(accounts.bob)
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('200 NAI')
  const reason = page
    .getByRole('status')
    .filter({ hasText: 'A transaction from 0x70…79C8 is still waiting to be confirmed.' })
  await expect(reason).toHaveText(
    'A transaction from 0x70…79C8 is still waiting to be confirmed. Actions are available again once it settles, or once you stop waiting for it.',
  )
  await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()

  expect(await wallet.releaseTransactions()).toEqual([hash])
  await expect(reason).toHaveCount(0)
  await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  expect((await chain.position(accounts.alice)).amount).toBe(0n)
})

test("a pending record from another chain's build on this origin holds nothing back", async ({
  page,
  wallet,
  chain,
}) => {
  const foreign = {
    hash: `0x${'ab'.repeat(32)}`,
    action: 'claimAndBurn',
    description: 'Claim & Burn on Ethereum',
    account: accounts.alice,
    chainId: 1,
  }
  await page.addInitScript((record) => {
    localStorage.setItem('nai.pendingTransaction', JSON.stringify(record))
  }, foreign)
  await openAs(page, wallet, accounts.alice)
  const before = await holdings(chain)
  await expect(page.getByText(/^Waiting for your transaction/)).toHaveCount(0)
  await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  await openConfirmation(page)
  await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your transaction was confirmed.' })).toBeVisible()
  expect(wallet.transactions()).toHaveLength(1)
  expect(await holdings(chain)).toEqual({
    balance: before.balance + nai(750),
    dead: before.dead + nai(250),
    position: 0n,
  })
})
