import { getAddress } from 'viem'
import { accounts, expect, type Holder, moments, nai, percent, schedule, test, unlockingAt } from './fixtures/index'
import { openAs, stat, unlockPanel } from './fixtures/ui'

/** 1,000 NAI unlocks at 1,000 ÷ 31,536,000 NAI a second: the figures on screen hold still for minutes. */
const alice: Holder = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25), balance: nai(3) }

/** The contract's formula: what has unlocked of `amount` at block time `timestamp`. */
function vestedAt(amount: bigint, timestamp: bigint): bigint {
  const start = BigInt(schedule.unlockStart)
  const end = BigInt(schedule.unlockEnd)
  if (timestamp >= end) return amount
  return (amount * (timestamp - start)) / (end - start)
}

test.describe('mid-schedule', () => {
  test.use({ moment: moments.unlocking })

  test('Claim pays exactly what had unlocked at the block, and "Counted as claimed" follows', async ({
    page,
    wallet,
    chain,
    time,
  }) => {
    await chain.addHolder(alice)
    await openAs(page, wallet, accounts.alice, unlockPanel)
    const panel = unlockPanel(page)
    await expect(panel.getByRole('progressbar', { name: 'Unlocked' })).toHaveAttribute('aria-valuenow', '25')
    await expect(stat(panel, 'Total')).toHaveText('1,000 NAI')
    await expect(stat(panel, 'Unlocked')).toHaveText('250 NAI')
    await expect(stat(panel, 'Counted as claimed')).toHaveText('0 NAI')
    await expect(stat(panel, 'Claimable')).toHaveText('250 NAI')
    const balanceBefore = await chain.balanceOf(accounts.alice)

    await wallet.holdTransactions()
    await panel.getByRole('button', { name: 'Claim 250 NAI' }).click()
    await expect(panel.getByRole('button', { name: 'Claiming...' })).toBeDisabled()
    await expect.poll(() => wallet.transactions().length).toBe(1)
    const [hash] = wallet.transactions()
    if (!hash) throw new Error('The page sent no transaction.')
    expect(await wallet.releaseTransactions()).toEqual([hash])
    await expect(stat(panel, 'Counted as claimed')).toHaveText('250 NAI')

    const receipt = await chain.getTransactionReceipt({ hash })
    const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
    const paid = vestedAt(alice.amount, block.timestamp)
    expect(paid).toBeGreaterThan(nai(250))
    expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + paid)
    expect(await chain.position(accounts.alice)).toEqual({
      amount: alice.amount,
      burnPercentage: alice.burnPercentage,
      unlockedAmount: paid,
    })

    // Half-way: 500 unlocked, a little over 250 taken, so just under 250 is claimable (rounded down).
    await time.travelTo(unlockingAt(50))
    await expect(stat(panel, 'Unlocked')).toHaveText('500 NAI')
    await expect(stat(panel, 'Counted as claimed')).toHaveText('250 NAI')
    await expect(stat(panel, 'Claimable')).toHaveText('249.99 NAI')
    await expect(panel.getByRole('button', { name: 'Claim 249.99 NAI' })).toBeEnabled()
  })
})

test.describe('a position that received locked tokens', () => {
  test.use({ moment: moments.unlocking })

  test('counts the unlocked share that came with them as claimed, though its holder took nothing', async ({
    page,
    wallet,
    chain,
    time,
  }) => {
    const pool = getAddress('0x00000000000000000000000000000000000b00c5')
    await chain.addHolder(alice)
    await chain.whitelistContract(pool)
    // A minute past 25 %, alice takes what unlocked, a little over 250 NAI, and parks her position in the pool,
    // which passes 400 NAI of it on to bob: 400 carry 40 % of what alice took, a little over 100 NAI.
    await chain.setTime(moments.unlocking + 60)
    const taken = await chain.unlockAs(accounts.alice)
    await chain.transferLockedAs(accounts.alice, pool, alice.amount)
    await chain.transferLockedAs(pool, accounts.bob, nai(400))
    const carried = (taken.amount * 400n + 999n) / 1000n
    expect(await chain.position(accounts.bob)).toEqual({
      amount: nai(400),
      burnPercentage: alice.burnPercentage,
      unlockedAmount: carried,
    })
    const balanceBefore = await chain.balanceOf(accounts.bob)

    await openAs(page, wallet, accounts.bob, unlockPanel)
    const panel = unlockPanel(page)
    await expect(stat(panel, 'Total')).toHaveText('400 NAI')
    await expect(stat(panel, 'Counted as claimed')).toHaveText('100 NAI')

    await time.travelTo(unlockingAt(50))
    await expect(stat(panel, 'Unlocked')).toHaveText('200 NAI')
    await expect(stat(panel, 'Counted as claimed')).toHaveText('100 NAI')
    await expect(stat(panel, 'Claimable')).toHaveText('99.99 NAI')
    expect(await chain.balanceOf(accounts.bob)).toBe(balanceBefore)
  })
})

test.describe('after the unlock ended', () => {
  test.use({ moment: moments.unlocking })

  test('Claim pays exactly the rest, leaves no dust, and the button goes away', async ({ page, wallet, chain }) => {
    await chain.addHolder(alice)
    // A minute past 25 %, alice took what had unlocked then: a little over 250 NAI.
    await chain.setTime(moments.unlocking + 60)
    const earlier = await chain.unlockAs(accounts.alice)
    expect(earlier.amount).toBeGreaterThan(nai(250))
    // Both clocks jump to a day after the unlock ended before the page opens.
    await chain.setTime(moments.ended)
    await page.clock.setSystemTime(moments.ended * 1000)
    await openAs(page, wallet, accounts.alice, unlockPanel)

    const panel = unlockPanel(page)
    await expect(panel.getByRole('progressbar', { name: 'Unlocked' })).toHaveAttribute('aria-valuenow', '100')
    await expect(stat(panel, 'Unlocked')).toHaveText('1,000 NAI')
    await expect(stat(panel, 'Counted as claimed')).toHaveText('250 NAI')
    await expect(stat(panel, 'Claimable')).toHaveText('749.99 NAI')
    await expect(stat(panel, 'Time left')).toHaveText('Expired')
    const balanceBefore = await chain.balanceOf(accounts.alice)

    await panel.getByRole('button', { name: 'Claim 749.99 NAI' }).click()
    await expect(stat(panel, 'Counted as claimed')).toHaveText('1,000 NAI')
    await expect(stat(panel, 'Claimable')).toHaveText('0 NAI')
    await expect(panel.getByRole('button')).toHaveCount(0)

    const rest = alice.amount - earlier.amount
    expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + rest)
    expect(await chain.position(accounts.alice)).toEqual({
      amount: alice.amount,
      burnPercentage: alice.burnPercentage,
      unlockedAmount: alice.amount,
    })
    expect(wallet.transactions()).toHaveLength(1)
  })
})
