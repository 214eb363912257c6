import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { type Hash, parseEventLogs } from 'viem'
import { legacyClaimAbi, vestingAbi } from '../src/generated'
import {
  accounts,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  publicEndpoint,
  test,
  unlockingAt,
} from './fixtures/index'
import { openTools, panel, stat } from './fixtures/ui'

/**
 * The statement: the holder's history rebuilt from the contracts' events, fetched only when asked for, in block
 * ranges the RPC accepts — also through an RPC that caps eth_getLogs ranges — with a clear message when the RPC
 * refuses history.
 */

const alice = {
  account: accounts.alice,
  amount: nai(1000),
  burnPercentage: percent(25),
  legacy: nai('50.5'),
} as const satisfies Holder

type Row = Record<string, string>

/** What the e2e did for alice, with the chain's own record of each step. */
type Journey = {
  hashes: Record<'allocation' | 'legacyAllocation' | 'claimAndBurn' | 'unlock' | 'legacyClaim', Hash>
  unlocked: bigint
}

async function blockTime(chain: LocalChain, hash: Hash): Promise<{ block: bigint; time: Date }> {
  const receipt = await chain.getTransactionReceipt({ hash })
  const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
  return { block: receipt.blockNumber, time: new Date(Number(block.timestamp) * 1000) }
}

/** Allocation, claim & burn of 400 in the window, an unlock a quarter into the unlock, and the legacy claim. */
async function journey(chain: LocalChain, travel: (to: number) => Promise<void>): Promise<Journey> {
  const fromBlock = await chain.getBlockNumber()
  await chain.addHolder(alice)
  const logs = await chain.getLogs({ fromBlock: fromBlock + 1n })
  const [allocation] = parseEventLogs({ abi: vestingAbi, eventName: 'ClaimAdded', logs })
  const [legacyAllocation] = parseEventLogs({ abi: legacyClaimAbi, eventName: 'ClaimAdded', logs })
  if (!allocation || !legacyAllocation) throw new Error('addClaims emitted no ClaimAdded events')
  const claimAndBurn = await chain.claimAndBurnAs(alice.account, nai(400))
  expect(claimAndBurn).toMatchObject({ received: nai(300), burned: nai(100) })
  await travel(unlockingAt(25))
  const unlock = await chain.unlockAs(alice.account)
  const legacyClaim = await chain.claimLegacyAs(alice.account)
  expect(legacyClaim.amount).toBe(nai('50.5'))
  return {
    hashes: {
      allocation: allocation.transactionHash,
      legacyAllocation: legacyAllocation.transactionHash,
      claimAndBurn: claimAndBurn.hash,
      unlock: unlock.hash,
      legacyClaim: legacyClaim.hash,
    },
    unlocked: unlock.amount,
  }
}

async function expectedRows(chain: LocalChain, { hashes, unlocked }: Journey): Promise<Row[]> {
  const row = async (hash: Hash, fields: Row): Promise<Row> => {
    const { block, time } = await blockTime(chain, hash)
    const utc = time.toISOString().replace('.000Z', 'Z')
    const local = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: 'UTC',
    }).format(time)
    return {
      'Date (UTC)': utc,
      'Date (local)': local,
      Block: block.toString(),
      'Amount (NAI)': '',
      'Received (NAI)': '',
      'Burned (NAI)': '',
      'Burn percentage': '',
      Counterparty: '',
      ...fields,
      Transaction: hash,
      Explorer: '',
    }
  }
  // A quarter into the unlock, 600 NAI left: 150 and a little more (mined a few seconds later), to the wei.
  expect(unlocked).toBeGreaterThanOrEqual(nai(150))
  expect(unlocked).toBeLessThan(nai('150.001'))
  return [
    await row(hashes.allocation, {
      Event: 'Allocation',
      Contract: 'Vesting',
      'Amount (NAI)': '1000',
      'Burn percentage': '25%',
    }),
    await row(hashes.legacyAllocation, { Event: 'Legacy allocation', Contract: 'LegacyClaim', 'Amount (NAI)': '50.5' }),
    await row(hashes.claimAndBurn, {
      Event: 'Claim & burn',
      Contract: 'Vesting',
      'Amount (NAI)': '400',
      'Received (NAI)': '300',
      'Burned (NAI)': '100',
    }),
    await row(hashes.unlock, { Event: 'Unlock', Contract: 'Vesting', 'Amount (NAI)': exactNai(unlocked) }),
    await row(hashes.legacyClaim, { Event: 'Legacy claim', Contract: 'LegacyClaim', 'Amount (NAI)': '50.5' }),
  ]
}

/** Every decimal of an amount, as the statement writes it. */
function exactNai(value: bigint): string {
  const whole = value / 10n ** 18n
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

async function downloadStatement(page: Page): Promise<{ name: string; rows: Row[]; text: string }> {
  const tools = await openTools(page)
  const downloading = page.waitForEvent('download')
  await tools.getByRole('button', { name: 'Download statement (CSV)' }).click()
  const download = await downloading
  const text = readFileSync((await download.path()) ?? '', 'utf8')
  await expect(tools.getByText(/^Statement downloaded: /)).toHaveText('Statement downloaded: 5 entries.')
  return { name: download.suggestedFilename(), rows: parse(text, { columns: true }) as Row[], text }
}

test.use({ moment: moments.claim, serviceWorkers: 'block' })

test('after a claim & burn, an unlock and a legacy claim, the CSV has exactly those rows; nothing is read before asking', async ({
  page,
  chain,
  wallet,
  time,
}) => {
  const done = await journey(chain, (to) => time.travelTo(to))
  const getLogs: string[] = []
  page.on('request', (request) => {
    if (request.postData()?.includes('eth_getLogs')) getLogs.push(request.url())
  })
  await wallet.connectAs(alice.account)
  await page.clock.setFixedTime((await chain.now()) * 1000)
  await page.goto('/')
  await expect(stat(panel(page, 'Tokens are Unlocking'), 'Total')).toHaveText('600 NAI')
  // A page load reads no history.
  await page.waitForTimeout(1_000)
  expect(getLogs).toEqual([])

  const { name, rows, text } = await downloadStatement(page)
  expect(name).toBe(`nai-statement-${alice.account}.csv`)
  expect(text.split('\r\n')[0]).toBe(
    'Date (UTC),Date (local),Block,Event,Contract,Amount (NAI),Received (NAI),Burned (NAI),Burn percentage,Counterparty,Transaction,Explorer',
  )
  expect(rows).toEqual(await expectedRows(chain, done))
  expect(getLogs.length).toBeGreaterThan(0)

  // Once read, the timeline shows the claim and burn with its date.
  await page.keyboard.press('Escape')
  const { time: burnedAt } = await blockTime(chain, done.hashes.claimAndBurn)
  await expect(panel(page, 'Your vesting timeline').getByRole('listitem').last()).toHaveText(
    `Claimed and burned on ${new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'UTC' }).format(burnedAt)}: 400 NAI claimed, 300 NAI received, 100 NAI burned.`,
  )
})

test.describe('through an RPC that caps eth_getLogs at 16 blocks', () => {
  test.use({ rpcFaults: { ...publicEndpoint, getLogsMaxRange: 16 } })

  test('the statement still completes, in ranges the RPC accepts, with the same rows', async ({
    page,
    chain,
    wallet,
    time,
    rpcProxy,
  }) => {
    const done = await journey(chain, (to) => time.travelTo(to))
    // More blocks than the cap since deployment, however fast the journey ran: the first range must be refused.
    await chain.mine({ blocks: 64 })
    await wallet.connectAs(alice.account)
    await page.clock.setFixedTime((await chain.now()) * 1000)
    await page.goto('/')
    await expect(stat(panel(page, 'Tokens are Unlocking'), 'Total')).toHaveText('600 NAI')
    const { rows } = await downloadStatement(page)
    expect(rows).toEqual(await expectedRows(chain, done))
    const getLogs = rpcProxy.log.filter((entry) => entry.method === 'eth_getLogs')
    expect(getLogs.filter((entry) => entry.refused).length).toBeGreaterThan(0)
    expect(getLogs.filter((entry) => !entry.refused).length).toBeGreaterThan(2)
  })
})

test.describe('through a provider that refuses a log query by its results, as Infura does', () => {
  test.use({ rpcFaults: { ...publicEndpoint, getLogsMaxResults: 2 } })

  test('the statement narrows the range instead of calling the network busy, with the same rows', async ({
    page,
    chain,
    wallet,
    time,
    rpcProxy,
  }) => {
    const done = await journey(chain, (to) => time.travelTo(to))
    await wallet.connectAs(alice.account)
    await page.clock.setFixedTime((await chain.now()) * 1000)
    await page.goto('/')
    await expect(stat(panel(page, 'Tokens are Unlocking'), 'Total')).toHaveText('600 NAI')
    const { rows } = await downloadStatement(page)
    expect(rows).toEqual(await expectedRows(chain, done))
    const getLogs = rpcProxy.log.filter((entry) => entry.method === 'eth_getLogs')
    const refused = getLogs.filter((entry) => entry.refused)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.every((entry) => entry.refused?.code === -32005)).toBe(true)
    expect(refused[0]?.refused?.message).toMatch(/^query returned more than 2 results\. Try with this block range/)
    await expect(page.getByText(/busy/)).toHaveCount(0)
  })
})

test.describe('through an RPC that refuses history', () => {
  test.use({ rpcFaults: { ...publicEndpoint, getLogsRefused: true } })

  test('says so plainly, and loses nothing on the page', async ({ page, chain, wallet, rpcProxy }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    await page.goto('/')
    await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('1,000 NAI')
    const tools = await openTools(page)
    await tools.getByRole('button', { name: 'Download statement (CSV)' }).click()
    await expect(tools.getByRole('alert')).toHaveText(
      'The network\'s RPC refused to read the contracts\' history ("historical logs are not available on this node"). The statement needs an RPC that serves events from block 0 on; try again later or with another RPC.',
    )
    expect(rpcProxy.log.some((entry) => entry.method === 'eth_getLogs' && entry.refused)).toBe(true)
    await page.keyboard.press('Escape')
    await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('1,000 NAI')
  })
})
