import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { type BrowserContext, chromium, type FrameLocator, type Page } from '@playwright/test'
import type { Address } from 'viem'
import { ANVIL_PRIVATE_KEYS } from '../src/config/anvil'
import { baseURL, chromiumArgs, chromiumPath, contracts, outDir, rpcUrl } from './fixtures/env'
import { accounts, expect, type LocalChain, moments, nai, percent, schedule, test } from './fixtures/index'
import { createSafe, deploySafeSingletons, SafeService } from './fixtures/safe'
import { framingHost, installSafeHost } from './fixtures/safeHost'

/** The Safe's owners: alice, bob and carol, two of whom must sign. */
const OWNERS = [accounts.alice, accounts.bob, accounts.carol]
const OWNER_KEYS = [ANVIL_PRIVATE_KEYS[1], ANVIL_PRIVATE_KEYS[2], ANVIL_PRIVATE_KEYS[3]]

/** The built chunks that hold the Safe Apps SDK: loaded only inside a frame. */
const safeChunks = readdirSync(`${outDir}/assets`).filter(
  (file) => file.endsWith('.js') && readFileSync(`${outDir}/assets/${file}`, 'utf8').includes('Safe Apps SDK v1'),
)

const claimPanel = (app: FrameLocator) => app.getByRole('region', { name: 'Claim and Burn Now' })
const confirmDialog = (app: FrameLocator) => app.getByRole('dialog', { name: 'Confirm claim and burn' })

/** A 2-of-3 Safe holding 1,234.5 NAI with a quarter burned, and 50 NAI from the legacy platforms. */
async function safeHolder(chain: LocalChain) {
  const singletons = await deploySafeSingletons(rpcUrl)
  const safe = await createSafe(rpcUrl, singletons, { owners: OWNERS, threshold: 2 })
  await chain.addHolder({ account: safe, amount: nai('1234.5'), burnPercentage: percent(25), legacy: nai('50') })
  const service = new SafeService({ rpcUrl, chainId: 31_337, safe, singletons, ownerKeys: OWNER_KEYS })
  return { safe, service }
}

async function snapshot(chain: LocalChain, safe: Address) {
  return {
    balance: await chain.balanceOf(safe),
    dead: await chain.deadBalance(),
    position: (await chain.position(safe)).amount,
  }
}

/** Opens the portal inside the Safe{Wallet} host, for a Safe that holds a position, and waits for it. */
async function openInSafe(page: Page, context: BrowserContext, chain: LocalChain) {
  const { safe, service } = await safeHolder(chain)
  const host = await installSafeHost(context, { appUrl: baseURL, service, rpcUrl })
  await page.goto(host.hostUrl)
  const app = page.frameLocator('#safe-app')
  await expect(app.getByText(`This is the position of the Safe ${safe}.`, { exact: false })).toBeVisible()
  return { app, safe, service, host }
}

/** From the claim panel through the confirmation to the Safe: a Safe transaction proposed with 1 of 2 signatures. */
async function proposeClaimAndBurn(app: FrameLocator) {
  await claimPanel(app).getByRole('button', { name: 'Claim & Burn' }).click()
  await expect(confirmDialog(app).getByText('You receive 925.87 NAI, 308.62 NAI are burned.')).toBeVisible()
  await confirmDialog(app).getByRole('button', { name: 'Claim & Burn' }).click()
}

const waitingLine = (app: FrameLocator, text: string) => app.getByRole('status').filter({ hasText: text }).first()

test('inside a Safe: connected at once, the claim waits for the owners, then settles exactly', async ({
  page,
  context,
  chain,
}) => {
  const chunks: string[] = []
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname.split('/').pop() ?? ''))
  const { app, safe, service, host } = await openInSafe(page, context, chain)
  // Connected with no modal: nothing asked the holder to pick a wallet.
  await expect(app.getByRole('dialog')).toHaveCount(0)
  expect(safeChunks.length).toBeGreaterThan(0)
  expect(chunks).toEqual(expect.arrayContaining(safeChunks))
  const before = await snapshot(chain, safe)

  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  const proposals = host.requests.filter((request) => request.method === 'sendTransactions')
  expect(proposals).toHaveLength(1)
  const [proposal] = service.list()
  const safeTxHash = proposal?.safeTxHash ?? '0x'
  expect(proposal?.confirmations.map((confirmation) => confirmation.signer)).toEqual([accounts.alice])
  expect(await snapshot(chain, safe)).toEqual(before)

  // Actions are held back while the Safe transaction waits.
  await expect(claimPanel(app).getByRole('button', { name: 'Claiming...' })).toBeDisabled()

  await service.confirm(safeTxHash, 1)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 2 of 2 signatures.")).toBeVisible()
  await service.execute(safeTxHash, 2)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  await expect(app.getByText('You have claimed your whole position.')).toBeVisible()
  // The wallet's recent transactions list the executing transaction, confirmed (a Safe transaction's own hash would
  // stay pending there: no chain receipt ever answers it).
  await app
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`${safe.slice(0, 4)}…${safe.slice(-4)}`) })
    .click()
  const recent = app.getByRole('dialog')
  await expect(recent.getByText('Claim & Burn: receive 925.87 NAI, burn 308.62 NAI')).toBeVisible()
  await expect(recent.getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(recent.getByText('Pending', { exact: true })).toHaveCount(0)
  expect(await snapshot(chain, safe)).toEqual({
    balance: before.balance + nai('925.875'),
    dead: before.dead + nai('308.625'),
    position: 0n,
  })
})

test('a Safe transaction being waited for is followed again after a reload of Safe{Wallet}', async ({
  chain,
}, testInfo) => {
  // A browser profile like a holder's, with third-party cookies allowed (Chrome's default outside private windows): the
  // framed portal keeps its storage, partitioned under Safe{Wallet}'s site, from one visit to the next. A private
  // window (the tests' usual context) denies it.
  const profile = testInfo.outputPath('profile')
  mkdirSync(`${profile}/Default`, { recursive: true })
  writeFileSync(`${profile}/Default/Preferences`, JSON.stringify({ profile: { cookie_controls_mode: 0 } }))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    viewport: { width: 1440, height: 900 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.clock.install({ time: chain.moment * 1000 })
    const { app, safe, service } = await openInSafe(page, context, chain)
    const before = await snapshot(chain, safe)
    await proposeClaimAndBurn(app)
    await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
    const safeTxHash = service.list()[0]?.safeTxHash ?? '0x'
    await service.confirm(safeTxHash, 2)

    await page.reload()
    const reloaded = page.frameLocator('#safe-app')
    await expect(waitingLine(reloaded, "Waiting for the Safe's owners — 2 of 2 signatures.")).toBeVisible()
    await expect(claimPanel(reloaded).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
    expect(service.list()).toHaveLength(1)
    await service.execute(safeTxHash, 1)
    await expect(reloaded.getByText('Your transaction was confirmed.')).toBeVisible()
    expect(await snapshot(chain, safe)).toEqual({
      balance: before.balance + nai('925.875'),
      dead: before.dead + nai('308.625'),
      position: 0n,
    })
  } finally {
    await context.close()
  }
})

test('a Safe transaction replaced at the same Safe nonce ends the wait, and nothing moves', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service } = await openInSafe(page, context, chain)
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  const nonce = service.list()[0]?.tx.nonce

  // The owners reject it instead: an empty transaction to the Safe itself at the same nonce.
  const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
  await service.confirm(rejection, 2)
  await service.execute(rejection, 1)
  await expect(
    app.getByText(
      'The Safe executed another transaction with the same nonce, so this one can no longer run. Nothing was changed.',
    ),
  ).toBeVisible()
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  expect(await snapshot(chain, safe)).toEqual(before)
})

test('a page framing the portal from another origin gets no Safe and no hang; outside a frame no Safe code loads', async ({
  page,
  context,
}) => {
  const host = await framingHost(context, { origin: 'https://portal-clone.example', appUrl: baseURL })
  const chunks: string[] = []
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname.split('/').pop() ?? ''))
  await page.goto(host.hostUrl)
  const app = page.frameLocator('#safe-app')
  await expect(app.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible()
  await expect(app.getByText('This is the position of the Safe', { exact: false })).toHaveCount(0)

  chunks.length = 0
  await page.goto(baseURL)
  await expect(page.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(chunks.filter((chunk) => safeChunks.includes(chunk))).toEqual([])
})

test.describe('while unlocking', () => {
  test.use({ moment: moments.unlocking })

  test('Claim all is one Safe batch that pays exactly what had unlocked and the legacy amount', async ({
    page,
    context,
    chain,
  }) => {
    const { app, safe, service, host } = await openInSafe(page, context, chain)
    const section = app.getByRole('region', { name: 'Claim Everything' })
    // A quarter of 1,234.5 NAI has unlocked, and 50 NAI are left from the legacy platforms.
    await section.getByRole('button', { name: 'Claim all 358.62 NAI' }).click()
    await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
    const proposals = host.requests.filter((request) => request.method === 'sendTransactions')
    expect(proposals.map((request) => (request.params as { txs: unknown[] }).txs.length)).toEqual([2])
    const [proposal] = service.list()
    expect(proposal?.calls.map((call) => call.to)).toEqual([contracts.vesting, contracts.legacy])
    const balanceBefore = await chain.balanceOf(safe)

    await service.confirm(proposal?.safeTxHash ?? '0x', 1)
    await service.execute(proposal?.safeTxHash ?? '0x', 1)
    await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
    const executed = service.list()[0]?.receipt
    if (!executed) throw new Error('The Safe transaction was not executed.')
    const block = await chain.getBlock({ blockNumber: executed.blockNumber })
    const start = BigInt(schedule.unlockStart)
    const paid = (nai('1234.5') * (block.timestamp - start)) / (BigInt(schedule.unlockEnd) - start)
    expect(paid).toBeGreaterThanOrEqual(nai('308.625'))
    expect(await chain.balanceOf(safe)).toBe(balanceBefore + paid + nai('50'))
    expect(await chain.legacyAmount(safe)).toBe(0n)
    expect((await chain.position(safe)).unlockedAmount).toBe(paid)
    await expect(section).toHaveCount(0)
  })
})
