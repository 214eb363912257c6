import type { Page } from '@playwright/test'
import { MULTICALL3_ADDRESS } from '../src/config/chains'
import { PUBLIC_LAG_BLOCKS } from '../testing/rpcProxy'
import {
  accounts,
  DEAD,
  type E2EWallet,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  publicEndpoint,
  type RpcProxyFixtures,
  test,
} from './fixtures/index'
import { card, claimPanel, confirmDialog, lockPanel, openAs, openConfirmation, stat, unlockPanel } from './fixtures/ui'

/**
 * Reads that never go back in time, through the page's default endpoint: a public endpoint's double, load-balanced
 * over a node at the head and one 3 blocks behind, alternating per call. Once each write is mined, before the page has
 * seen its receipt, the node behind falls out of sync just before the write's block and stays there: every holder read
 * it answers from then on is one the page must not show.
 */

const FIGURES_KEY = 'e2e.figuresShown'

/**
 * Records the card's text every time it changes, from the page's first script on and across reloads (the tab's
 * sessionStorage keeps the record).
 */
async function recordFigures(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const record = () => {
      const text = document.querySelector('[aria-labelledby="vesting-title"]')?.textContent ?? ''
      const shown = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]
      if (text && shown.at(-1) !== text) sessionStorage.setItem(key, JSON.stringify([...shown, text]))
    }
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
  }, FIGURES_KEY)
}

const figuresShown = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], FIGURES_KEY)

/** The holder's multicall (Multicall3's aggregate3), as the proxy's log names it. */
const HOLDER_READ = `${MULTICALL3_ADDRESS.toLowerCase()} 0x82ad56cb`

/** How many of the holder's reads the node behind answered since `since` (epoch ms). */
function readsFromTheNodeBehind(rpcProxy: RpcProxyFixtures['rpcProxy'], since: number): number {
  return rpcProxy.log.filter(
    (entry) =>
      entry.method === 'eth_call' &&
      entry.node === 'lagging' &&
      entry.at >= since &&
      entry.call?.toLowerCase().startsWith(HOLDER_READ),
  ).length
}

/**
 * Sends the write `send` starts and mines it; the node behind then falls out of sync just before the write's block, and
 * stays there for the rest of the test (the chain goes on). Returns when (epoch ms).
 */
async function sendAndStrand(
  wallet: E2EWallet,
  chain: LocalChain,
  rpcProxy: RpcProxyFixtures['rpcProxy'],
  send: () => Promise<void>,
): Promise<number> {
  await wallet.holdTransactions()
  await send()
  await expect.poll(() => wallet.transactions().length).toBe(1)
  const [hash] = await wallet.releaseTransactions()
  if (!hash) throw new Error('The page sent no transaction.')
  const { blockNumber } = await chain.getTransactionReceipt({ hash })
  rpcProxy.setFaults({ ...publicEndpoint, lag: { blocks: PUBLIC_LAG_BLOCKS, stuckAt: Number(blockNumber - 1n) } })
  return Date.now()
}

/**
 * After the write: the page reloads three times, and from the first record of the new state on no record shows any
 * of the earlier state's `before` texts again; the node behind answered holder reads since `strandedAt`, and after
 * the new state was shown.
 */
async function expectNeverBack(
  page: Page,
  rpcProxy: RpcProxyFixtures['rpcProxy'],
  strandedAt: number,
  { after, before }: { after: string; before: string[] },
) {
  await expect(page.getByText('Your transaction was confirmed.')).toBeVisible()
  await expect(card(page)).toContainText(after)
  // The node behind answers holder reads after this moment too: a page that showed them would record the earlier state.
  const newStateShown = Date.now()
  for (let reload = 0; reload < 3; reload++) {
    await page.reload()
    await expect(card(page)).toContainText(after)
  }
  const shown = await figuresShown(page)
  const first = shown.findIndex((text) => text.includes(after))
  expect(first).toBeGreaterThan(0)
  // The record saw the earlier state before the write, so it would see it again.
  expect(shown.slice(0, first).some((text) => before.every((figure) => text.includes(figure)))).toBe(true)
  const again = shown.slice(first).filter((text) => before.some((figure) => text.includes(figure)))
  expect(again).toEqual([])
  expect(readsFromTheNodeBehind(rpcProxy, strandedAt)).toBeGreaterThan(0)
  expect(readsFromTheNodeBehind(rpcProxy, newStateShown)).toBeGreaterThan(0)
}

test('after claim & burn at 100 %, the position never shows its earlier amount again, across the refetch and reloads', async ({
  page,
  wallet,
  chain,
  rpcProxy,
}) => {
  const alice: Holder = { account: accounts.alice, amount: nai(3000), burnPercentage: percent(25), legacy: nai(40) }
  await chain.addHolder(alice)
  await recordFigures(page)
  await openAs(page, wallet, accounts.alice)
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('3,000 NAI')
  await expect(card(page).getByRole('button', { name: 'Claim all 2,290 NAI' })).toBeVisible()
  const balance = await chain.balanceOf(accounts.alice)
  const dead = await chain.balanceOf(DEAD)

  const strandedAt = await sendAndStrand(wallet, chain, rpcProxy, async () => {
    await openConfirmation(page)
    await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
  })
  await expectNeverBack(page, rpcProxy, strandedAt, {
    after: 'You have claimed your whole position.',
    before: ['3,000 NAI', 'Claim all'],
  })
  await expect(claimPanel(page)).toBeHidden()
  await expect(page.getByRole('region', { name: 'Claimable Tokens' }).getByRole('button')).toHaveText('Claim 40 NAI')
  expect(await chain.balanceOf(accounts.alice)).toBe(balance + nai(2250))
  expect(await chain.balanceOf(DEAD)).toBe(dead + nai(750))
  expect((await chain.position(accounts.alice)).amount).toBe(0n)
})

test.describe('unlocking', () => {
  test.use({ moment: moments.unlocking })

  test('after an unlock, nothing counted as claimed is shown as claimable again, across the refetch and reloads', async ({
    page,
    wallet,
    chain,
    rpcProxy,
  }) => {
    await chain.addHolder({ account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) })
    await recordFigures(page)
    await openAs(page, wallet, accounts.alice, unlockPanel)
    await expect(stat(unlockPanel(page), 'Counted as claimed')).toHaveText('0 NAI')
    const balance = await chain.balanceOf(accounts.alice)

    const strandedAt = await sendAndStrand(wallet, chain, rpcProxy, () =>
      unlockPanel(page).getByRole('button', { name: 'Claim 250 NAI' }).click(),
    )
    await expectNeverBack(page, rpcProxy, strandedAt, {
      after: 'Counted as claimed250',
      before: ['Counted as claimed0 NAI', 'Claim 250 NAI'],
    })
    const paid = (await chain.position(accounts.alice)).unlockedAmount
    expect(paid).toBeGreaterThanOrEqual(nai(250))
    expect(await chain.balanceOf(accounts.alice)).toBe(balance + paid)
  })
})

test('after a legacy claim, the legacy amount never reappears, across the refetch and reloads', async ({
  page,
  wallet,
  chain,
  rpcProxy,
}) => {
  await chain.addHolder({
    account: accounts.alice,
    amount: nai(500),
    burnPercentage: percent(40),
    legacy: nai('321.456789'),
  })
  await recordFigures(page)
  await openAs(page, wallet, accounts.alice)
  const section = page.getByRole('region', { name: 'Claimable Tokens' })
  const balance = await chain.balanceOf(accounts.alice)

  const strandedAt = await sendAndStrand(wallet, chain, rpcProxy, () =>
    section.getByRole('button', { name: 'Claim 321.45 NAI' }).click(),
  )
  await expectNeverBack(page, rpcProxy, strandedAt, {
    after: 'Your legacy tokens have been claimed.',
    before: ['Claim 321.45 NAI'],
  })
  expect(await chain.balanceOf(accounts.alice)).toBe(balance + nai('321.456789'))
  expect(await chain.legacyAmount(accounts.alice)).toBe(0n)
})
