import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { type BrowserContext, chromium, type FrameLocator, type Page } from '@playwright/test'
import type { Address } from 'viem'
import { ANVIL_PRIVATE_KEYS } from '../src/config/anvil'
import { baseURL, chromiumArgs, chromiumPath, contracts, outDir, chainRpcUrl as rpcUrl } from '../testing/env'
import { createSafe, deploySafeSingletons, SafeService } from '../testing/safe'
import {
  accounts,
  expect,
  type LocalChain,
  moments,
  nai,
  percent,
  publicEndpoint,
  schedule,
  test,
} from './fixtures/index'
import { framingHost, installSafeHost, SAFE_WALLET_ORIGIN, type SafeHostBehaviour } from './fixtures/safeHost'

/** The Safe's owners: alice, bob and carol, two of whom must sign. */
const OWNERS = [accounts.alice, accounts.bob, accounts.carol]
const [, ALICE_KEY, BOB_KEY, CAROL_KEY] = ANVIL_PRIVATE_KEYS
const OWNER_KEYS = [ALICE_KEY, BOB_KEY, CAROL_KEY]

/** The built chunks that hold the Safe Apps SDK: loaded only inside a frame. */
const safeChunks = readdirSync(`${outDir}/assets`).filter(
  (file) => file.endsWith('.js') && readFileSync(`${outDir}/assets/${file}`, 'utf8').includes('Safe Apps SDK v1'),
)

const claimPanel = (app: FrameLocator) => app.getByRole('region', { name: 'Claim and Burn Now' })
const confirmDialog = (app: FrameLocator) => app.getByRole('dialog', { name: 'Confirm claim and burn' })

/**
 * A Safe holding 1,234.5 NAI with a quarter burned, and 50 NAI from the legacy platforms: 2-of-3 (alice, bob and
 * carol) unless `oneOfOne` (alice alone).
 */
async function safeHolder(chain: LocalChain, options: { oneOfOne?: boolean } = {}) {
  const singletons = await deploySafeSingletons(rpcUrl)
  const [owners, ownerKeys, threshold] = options.oneOfOne ? [[accounts.alice], [ALICE_KEY], 1] : [OWNERS, OWNER_KEYS, 2]
  const safe = await createSafe(rpcUrl, singletons, { owners, threshold })
  await chain.addHolder({ account: safe, amount: nai('1234.5'), burnPercentage: percent(25), legacy: nai('50') })
  const service = new SafeService({ rpcUrl, chainId: 31_337, safe, singletons, ownerKeys })
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
async function openInSafe(
  page: Page,
  context: BrowserContext,
  chain: LocalChain,
  options: { oneOfOne?: boolean; behaviour?: Partial<SafeHostBehaviour>; chainId?: number } = {},
) {
  const { safe, service } = await safeHolder(chain, options)
  const host = await installSafeHost(context, {
    appUrl: baseURL,
    service,
    rpcUrl,
    behaviour: options.behaviour,
    ...(options.chainId === undefined ? {} : { chainId: options.chainId }),
  })
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
/** A transaction every owner it needs has signed: it waits for one of them to execute it. */
const READY_TO_EXECUTE =
  "Signed by the Safe's owners — 2 of 2 signatures. Waiting for an owner to execute it in Safe{Wallet}."
const CLAIM_AND_BURN = 'Claim & Burn: receive 925.87 NAI, burn 308.62 NAI'

/** The Safe's figures after its whole position was claimed and burned. */
function claimedAll(before: Awaited<ReturnType<typeof snapshot>>) {
  return { balance: before.balance + nai('925.875'), dead: before.dead + nai('308.625'), position: 0n }
}

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
  await expect(waitingLine(app, READY_TO_EXECUTE)).toBeVisible()
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
    await expect(waitingLine(reloaded, READY_TO_EXECUTE)).toBeVisible()
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

test('served as a static host serves it: Safe{Wallet} reads the manifest cross-origin; another origin cannot frame the portal; outside a frame no Safe code loads', async ({
  page,
  context,
  chain,
}) => {
  // Safe{Wallet} reads the app's name and icon from its own origin.
  const { app } = await openInSafe(page, context, chain)
  await expect(app.getByRole('heading', { name: 'Vesting Tokens' })).toBeVisible()
  const served = page.waitForResponse(`${baseURL}/manifest.json`)
  // A cross-origin fetch whose response lacked the header would fail here ("Failed to fetch").
  const manifest = await page.evaluate(async (url) => {
    const body = (await (await fetch(url)).json()) as { name?: string }
    return { origin: location.origin, name: body.name }
  }, `${baseURL}/manifest.json`)
  expect(manifest).toEqual({ origin: SAFE_WALLET_ORIGIN, name: expect.stringContaining('NAI') })
  expect((await served).headers()['access-control-allow-origin']).toBe('*')

  // Another origin's page framing the portal gets nothing: the hosting's frame-ancestors refuses it.
  const documents: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') documents.push(`${response.status()} ${response.url()}`)
  })
  const other = await framingHost(context, { origin: 'https://portal-clone.example', appUrl: baseURL })
  await page.goto(other.hostUrl)
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url(),
    )
    .toMatch(/^chrome-error:/)
  await expect(page.frameLocator('#safe-app').getByRole('heading', { name: 'Vesting Tokens' })).toHaveCount(0)
  expect(documents).toContain(`200 ${baseURL}/`)

  const chunks: string[] = []
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname.split('/').pop() ?? ''))
  await page.goto(baseURL)
  await expect(page.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(chunks.filter((chunk) => safeChunks.includes(chunk))).toEqual([])
})

test('an owner who closes the review: quiet, nothing proposed, the actions free again', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, host, service } = await openInSafe(page, context, chain, { behaviour: { review: 'reject' } })
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect
    .poll(() => host.requests.filter((request) => request.method === 'sendTransactions'))
    .toEqual([expect.objectContaining({ answered: 'error' })])
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  await expect(app.getByRole('alert')).toHaveCount(0)
  await expect(app.getByRole('status').filter({ hasText: 'Waiting' })).toHaveCount(0)
  expect(service.list()).toEqual([])
  expect(await snapshot(chain, safe)).toEqual(before)
})

test("the Gateway says CANCELLED before it has indexed the execution: the Safe's own log settles it, exactly", async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service } = await openInSafe(page, context, chain)
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  const safeTxHash = service.list()[0]?.safeTxHash ?? '0x'
  await service.confirm(safeTxHash, 1)
  await expect(waitingLine(app, READY_TO_EXECUTE)).toBeVisible()
  // Executed on chain, not yet indexed, and signed long enough ago: the Gateway now reads CANCELLED.
  service.backdate(safeTxHash, 120_000)
  await service.execute(safeTxHash, 2, { indexed: false })
  expect((await service.details(safeTxHash)).txStatus).toBe('CANCELLED')
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  await expect(app.getByText('Nothing was changed', { exact: false })).toHaveCount(0)
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

test('a proposal deleted from the queue says so, is looked up ever more slowly, and an execution by another owner is still recognised from the chain', async ({
  page,
  context,
  chain,
}) => {
  // The lookups back off to 8, 16 and 32 s apart: the test waits through them.
  test.setTimeout(150_000)
  const { app, safe, service, host } = await openInSafe(page, context, chain)
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  const safeTxHash = service.list()[0]?.safeTxHash ?? '0x'
  service.delete(safeTxHash)
  const notListed = waitingLine(app, 'Safe{Wallet} no longer lists this transaction.')
  await expect(notListed).toHaveText(
    `Safe{Wallet} no longer lists this transaction. If the owners execute it, it shows here. ${CLAIM_AND_BURN}.Stop waiting`,
    { timeout: 20_000 },
  )
  await expect(app.getByText('1 of 2 signatures')).toHaveCount(0)
  const failedLookups = () =>
    host.requests.filter((request) => request.method === 'getTxBySafeTxHash' && request.answered === 'error')
  // Three failures in a row, 4 s apart; then 8 s, then 16 s.
  await expect.poll(() => failedLookups().length, { timeout: 40_000 }).toBe(5)
  const at = failedLookups().map((request) => request.at)
  const gaps = at.slice(1).map((time, index) => time - (at[index] ?? 0))
  expect(gaps.slice(0, 2).every((gap) => gap >= 3_500 && gap < 6_000)).toBe(true)
  expect(gaps[2]).toBeGreaterThanOrEqual(7_500)
  expect(gaps[3]).toBeGreaterThanOrEqual(15_500)

  // The holder stops waiting: the actions are free, and the transaction is still watched.
  await notListed.getByRole('button', { name: 'Stop waiting' }).click()
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  await expect(app.getByText('You stopped waiting for a transaction.', { exact: false })).toBeVisible()

  // Bob still had alice's signature: he signs too and executes it himself. The next slow lookup finds it on chain.
  await service.confirm(safeTxHash, 1)
  await service.execute(safeTxHash, 1, { indexed: false })
  await expect(app.getByText('The transaction you stopped waiting for was confirmed after all.')).toBeVisible({
    timeout: 45_000,
  })
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

test('a Gateway that never answers the lookup: no hang, and the execution settles it from the chain', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service, host } = await openInSafe(page, context, chain, { behaviour: { lookup: 'silent' } })
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners.")).toBeVisible()
  await expect(
    waitingLine(app, "Waiting for the Safe's owners.").getByRole('button', { name: 'Stop waiting' }),
  ).toBeEnabled()
  const safeTxHash = service.list()[0]?.safeTxHash ?? '0x'
  await service.confirm(safeTxHash, 1)
  await service.execute(safeTxHash, 1)
  // Each lookup is given up after 10 s; then the Safe itself is asked.
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 30_000 })
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
  expect(
    host.requests
      .filter((request) => request.method === 'getTxBySafeTxHash')
      .every((request) => request.answered === 'no'),
  ).toBe(true)
})

test('"Add to batch": the Safe never answers; the page says what may be going on, and the batch executed later with other calls settles exactly', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service, host } = await openInSafe(page, context, chain, { behaviour: { review: 'addToBatch' } })
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's answer")).toHaveText(
    `Waiting for the Safe's answer: ${CLAIM_AND_BURN}. Added to the Safe's batch? It shows here once the batch is executed.Stop waiting`,
  )
  await expect.poll(() => host.batch.length).toBe(1)
  expect(service.list()).toEqual([])
  // Later the owners execute their batch: the portal's call with another one of theirs, through MultiSendCallOnly.
  const batch = await service.propose([...host.batch, { to: accounts.dave, value: 0n, data: '0x' }], 0)
  expect(service.list()[0]?.calls.map((call) => call.to)).toEqual([contracts.vesting, accounts.dave])
  await service.confirm(batch, 2)
  await service.execute(batch, 2)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  await expect(claimPanel(app)).toHaveCount(0)
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

test('a 1-of-1 Safe proposes, then executes at once: confirmed, exactly', async ({ page, context, chain }) => {
  const { app, safe, service } = await openInSafe(page, context, chain, { oneOfOne: true })
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  expect(service.list()).toHaveLength(1)
  expect(service.list()[0]?.confirmations.map((confirmation) => confirmation.signer)).toEqual([accounts.alice])
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

const READ_ONLY =
  "Only the Safe's owners and proposers can claim. This Safe is open in Safe{Wallet} by someone who is neither: connect an owner's wallet there, and the actions come back."

test('opened with no owner connected: told only the owners can claim; an owner who connects in Safe{Wallet} afterwards claims with no reload, exactly', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service, host } = await openInSafe(page, context, chain, { behaviour: { viewer: null } })
  await expect(app.getByText(READ_ONLY)).toBeVisible()
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()
  await expect(
    app.getByRole('region', { name: 'Claimable Tokens' }).getByRole('button', { name: 'Claim 50 NAI' }),
  ).toBeDisabled()
  const frame = page.frames().find((each) => each.url().startsWith(baseURL))
  await frame?.evaluate(() => {
    ;(window as unknown as { loadedOnce: boolean }).loadedOnce = true
  })
  const before = await snapshot(chain, safe)

  // Alice's hardware wallet finishes connecting in Safe{Wallet}: the page asks again and the actions come back.
  await host.connect(accounts.alice)
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  await expect(app.getByText(READ_ONLY)).toHaveCount(0)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  const [proposal] = service.list()
  expect(proposal?.confirmations.map((confirmation) => confirmation.signer)).toEqual([accounts.alice])
  await service.confirm(proposal?.safeTxHash ?? '0x', 1)
  await service.execute(proposal?.safeTxHash ?? '0x', 1)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
  // The same document throughout: nothing reloaded the frame.
  expect(await frame?.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true)
})

test('an owner who disconnected in Safe{Wallet} since the page loaded: the write asks again, and nothing is proposed', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, host } = await openInSafe(page, context, chain)
  const before = await snapshot(chain, safe)
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  await host.connect(null)
  await proposeClaimAndBurn(app)
  await expect(app.getByRole('alert').filter({ hasText: READ_ONLY })).toBeVisible()
  expect(host.requests.filter((request) => request.method === 'sendTransactions')).toEqual([])
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()
  expect(await snapshot(chain, safe)).toEqual(before)
})

test('a Safe open on another chain: says which, and that the portal cannot be used from it; no network switch offered, nothing proposed', async ({
  page,
  context,
  chain,
}) => {
  const { app, host } = await openInSafe(page, context, chain, { chainId: 1 })
  await expect(
    app.getByText(
      'This Safe is on Ethereum. The portal runs on Local (anvil) only and cannot be used from this Safe: open a Safe on Local (anvil) in Safe{Wallet}.',
    ),
  ).toBeVisible()
  await expect(app.getByText('Switch to', { exact: false })).toHaveCount(0)
  await expect(claimPanel(app).getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()
  expect(host.requests.filter((request) => request.method === 'sendTransactions')).toEqual([])
})

test('a proposer proposes: worded as a proposal for the owners to sign, then executed by them, exactly', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service } = await openInSafe(page, context, chain, {
    behaviour: { viewer: accounts.dave, proposers: [accounts.dave] },
  })
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(
    waitingLine(app, "Proposed to the Safe's owners — 0 of 2 signatures. Waiting for them to sign it in Safe{Wallet}."),
  ).toBeVisible()
  const [proposal] = service.list()
  expect(proposal?.proposer).toBe(accounts.dave)
  expect(proposal?.confirmations).toEqual([])
  const safeTxHash = proposal?.safeTxHash ?? '0x'
  await service.confirm(safeTxHash, 0)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  await service.confirm(safeTxHash, 2)
  await expect(waitingLine(app, READY_TO_EXECUTE)).toBeVisible()
  await service.execute(safeTxHash, 2)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

test('executed by "Execute batch" in one chain transaction with a queued neighbour that fails: confirmed, exactly', async ({
  page,
  context,
  chain,
}) => {
  const { app, safe, service } = await openInSafe(page, context, chain)
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's owners — 1 of 2 signatures.")).toBeVisible()
  const claim = service.list()[0]?.safeTxHash ?? '0x'
  // Next in the queue: a call the vesting contract refuses, signed with safeTxGas so that it fails without reverting.
  const failing = await service.propose([{ to: contracts.vesting, value: 0n, data: '0x01' }], 1, { safeTxGas: 100_000 })
  await service.confirm(claim, 1)
  await service.confirm(failing, 2)
  const executed = await service.executeTogether([claim, failing], 1)
  expect((await service.details(failing)).txStatus).toBe('FAILED')
  expect((await service.details(claim)).txHash).toBe(executed)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible()
  await expect(app.getByText('Nothing was changed', { exact: false })).toHaveCount(0)
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

test('"Add to batch" executed 3,000 blocks later: found through the 2,048-block cap, exactly', async ({
  page,
  context,
  chain,
  rpcProxy,
}) => {
  // anvil mines 3,000 blocks a second apart in about 15 s.
  test.setTimeout(90_000)
  const { app, safe, service, host } = await openInSafe(page, context, chain, { behaviour: { review: 'addToBatch' } })
  const before = await snapshot(chain, safe)
  await proposeClaimAndBurn(app)
  await expect(waitingLine(app, "Waiting for the Safe's answer")).toBeVisible()
  await expect.poll(() => host.batch.length).toBe(1)
  // Most of an hour passes on chain (the claim window is still open) before the owners execute their batch. Safe{Wallet}
  // sat in a background tab meanwhile, its timers held: its next look spans all 3,000 blocks.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100))
  for (let mined = 0; mined < 3_000; mined += 100) await chain.mine({ blocks: 100, interval: 1 })
  await page.clock.fastForward(3_000_000)
  await page.clock.resume()
  const batch = await service.propose([...host.batch], 0)
  await service.confirm(batch, 1)
  await service.execute(batch, 1)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 20_000 })
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
  const refused = rpcProxy.log.filter((entry) => entry.method === 'eth_getLogs' && entry.refused)
  expect(refused.map((entry) => entry.refused?.message)).toContainEqual(
    expect.stringMatching(/^requested too many blocks from \d+ to \d+, maximum is set to 2048$/),
  )
})

test('"Add to batch" while the endpoint is too busy to say where the chain is: Stop waiting is there, and the batch settles it exactly', async ({
  page,
  context,
  chain,
  rpcProxy,
}) => {
  const { app, safe, service, host } = await openInSafe(page, context, chain, { behaviour: { review: 'addToBatch' } })
  const before = await snapshot(chain, safe)
  // The claim's simulation passes; the block number and the nonce read at the click are refused as over the limit.
  rpcProxy.setFaults({ ...publicEndpoint, busyMethods: ['eth_blockNumber', 'eth_getTransactionCount'] })
  await proposeClaimAndBurn(app)
  await expect.poll(() => host.batch.length).toBe(1)
  const waiting = waitingLine(app, "Waiting for the Safe's answer")
  await expect(waiting).toBeVisible()
  await expect(waiting.getByRole('button', { name: 'Stop waiting' })).toBeEnabled()
  expect(rpcProxy.log.some((entry) => entry.method === 'eth_blockNumber' && entry.refused)).toBe(true)
  rpcProxy.setFaults(publicEndpoint)
  const batch = await service.propose([...host.batch], 0)
  await service.confirm(batch, 1)
  await service.execute(batch, 1)
  await expect(app.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 20_000 })
  expect(await snapshot(chain, safe)).toEqual(claimedAll(before))
})

test("in Safe{Wallet}'s sandbox: the statement and the calendar download, no token to add to a wallet, the Safe's address is shown to copy, and links open outside the frame", async ({
  page,
  context,
  chain,
}) => {
  const { app, safe } = await openInSafe(page, context, chain)
  // The frame is sandboxed exactly as Safe{Wallet} does it, with no permission to use the clipboard.
  await expect(page.locator('#safe-app')).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads allow-orientation-lock',
  )
  await expect(page.locator('#safe-app')).toHaveAttribute('allow', '')

  await app.getByRole('button', { name: "Copy the Safe's address" }).click()
  const field = app.getByRole('textbox', { name: /Copying is not allowed here/ })
  await expect(field).toHaveValue(safe)

  await app.getByRole('button', { name: 'Holder tools' }).click()
  const tools = app.getByRole('dialog', { name: 'Holder tools' })
  const statement = page.waitForEvent('download')
  await tools.getByRole('button', { name: 'Download statement (CSV)' }).click()
  expect((await statement).suggestedFilename()).toMatch(/\.csv$/)
  const calendar = page.waitForEvent('download')
  await tools.getByRole('button', { name: 'Add to calendar' }).click()
  expect((await calendar).suggestedFilename()).toMatch(/\.ics$/)
  // A Safe keeps no token list to add NAI to (its provider has no wallet_watchAsset): not offered.
  await expect(tools.getByRole('button', { name: 'Add to calendar' })).toBeVisible()
  await expect(tools.getByRole('button', { name: 'Add NAI to wallet' })).toHaveCount(0)
  await tools.getByRole('button', { name: 'Close' }).click()

  const [article] = await Promise.all([
    context.waitForEvent('page'),
    app.getByRole('link', { name: /Onboarding Community Feedback/ }).click(),
  ])
  await expect.poll(() => article.url()).toContain('/demo/onboarding-community-feedback.html')
  await article.close()
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
