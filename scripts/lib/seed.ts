import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseEventLogs,
  parseUnits,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import type { Position } from '../../src/domain/position.ts'
import type { Phase, Schedule } from '../../src/domain/schedule.ts'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { type AnvilOptions, startAnvil } from './anvil.ts'
import { type Clients, deployDemoToken, deployLegacyClaim, deployVesting, installMulticall3 } from './deploy.ts'

/*//////////////////////////////////////////////////////////////
                          PHASES AND SCHEDULE
//////////////////////////////////////////////////////////////*/

export const HOUR = 3_600n
export const DAY = 86_400n
/** Length of the demo claim window (the production window is about two weeks too). */
export const CLAIM_WINDOW = 15n * DAY
export const LOCK_DURATION = 365n * DAY
export const UNLOCK_DURATION = 365n * DAY

/**
 * The demo schedule, set relative to `now` (seconds since the epoch) so that `now` falls in `phase`:
 * - before: the claim window opens in 2 days;
 * - claim: it opened 1 day ago and closes in 14 days;
 * - locked: it closed 10 days ago;
 * - unlocking: unlocking started 120 days ago;
 * - ended: unlocking ended 1 day ago.
 * The claim window lasts 15 days, the lock and the linear unlock 365 days each.
 */
export function scheduleForPhase(phase: Phase, now: bigint): Schedule {
  const fromClaimStart = (claimStart: bigint): Schedule => {
    const claimEnd = claimStart + CLAIM_WINDOW
    const unlockStart = claimEnd + LOCK_DURATION
    return { claimStart, claimEnd, unlockStart, unlockEnd: unlockStart + UNLOCK_DURATION }
  }
  switch (phase) {
    case 'before':
      return fromClaimStart(now + 2n * DAY)
    case 'claim':
      return fromClaimStart(now - DAY)
    case 'locked':
      return fromClaimStart(now - 10n * DAY - CLAIM_WINDOW)
    case 'unlocking':
      return fromClaimStart(now - 120n * DAY - LOCK_DURATION - CLAIM_WINDOW)
    case 'ended':
      return fromClaimStart(now - DAY - UNLOCK_DURATION - LOCK_DURATION - CLAIM_WINDOW)
  }
}

/**
 * Where the demo chain's clock starts: one hour before the claim window (or before `now`, whichever is earlier),
 * so that the history the holders need (claims in the window, unlocks) can be written at its real dates.
 */
export function chainStartTime(schedule: Schedule, now: bigint): bigint {
  return (schedule.claimStart < now ? schedule.claimStart : now) - HOUR
}

/** Starts anvil with its clock at {@link chainStartTime}, ready for {@link seedDemo}. */
export function startDemoChain(schedule: Schedule, now: bigint, options: Omit<AnvilOptions, 'timestamp'> = {}) {
  return startAnvil({ ...options, timestamp: Number(chainStartTime(schedule, now)) })
}

/*//////////////////////////////////////////////////////////////
                              ACCOUNTS
//////////////////////////////////////////////////////////////*/

export type AnvilAccount = { index: number; address: Address; privateKey: Hex }

/** anvil's default accounts with their index and key (public knowledge: never use them on a real network). */
export const anvilAccounts: readonly AnvilAccount[] = ANVIL_PRIVATE_KEYS.map((privateKey, index) => ({
  index,
  address: privateKeyToAccount(privateKey).address,
  privateKey,
}))

export function anvilAccount(index: number): AnvilAccount {
  const account = anvilAccounts[index]
  if (!account) throw new Error(`anvil has no default account #${index}.`)
  return account
}

/*//////////////////////////////////////////////////////////////
                               HOLDERS
//////////////////////////////////////////////////////////////*/

export type DemoHolder = {
  address: Address
  /** What the holder is there to show, in a few words. */
  label: string
  /** Vesting allocation in the token's smallest unit; 0n means no vesting position. */
  amount: bigint
  /** Share of a claim that is burned, 18-decimal fraction (1e18 = 100 %). */
  burnPercentage: bigint
  /** LegacyClaim amount; 0n means none. */
  legacyAmount: bigint
  /** NAI minted straight to the holder's wallet. */
  walletBalance: bigint
  /** A `claimAndBurn(amount)` sent `after` seconds into the claim window, if that moment has passed. */
  claimAndBurn?: { amount: bigint; after: bigint }
  /** An `unlock()` sent `after` seconds after unlockStart, if that moment has passed. */
  unlock?: { after: bigint }
}

const nai = (value: string) => parseUnits(value, 18)
const percent = (value: string) => parseUnits(value, 16)
const address = (index: number) => anvilAccount(index).address

/**
 * The demo holders, anvil accounts #1…#8 (#0 deploys and owns the contracts). Between them they show every state
 * of the vesting card: high and low burn, with and without legacy, legacy only, nothing at all, partly and fully
 * claimed through Claim & Burn, partly and fully unlocked, and amounts that exercise the number formatting.
 */
export const DEMO_HOLDERS: readonly DemoHolder[] = [
  {
    address: address(1),
    label: 'High burn (75 %), with legacy',
    amount: nai('100000'),
    burnPercentage: percent('75'),
    legacyAmount: nai('2500'),
    walletBalance: nai('1000'),
  },
  {
    address: address(2),
    label: 'Low burn (12.5 %), no legacy; takes everything once fully unlocked',
    amount: nai('40000'),
    burnPercentage: percent('12.5'),
    legacyAmount: 0n,
    walletBalance: nai('1000'),
    // In the past only in the "ended" phase.
    unlock: { after: UNLOCK_DURATION + 6n * HOUR },
  },
  {
    address: address(3),
    label: 'Claims 40 % via Claim & Burn 6 h into the window',
    amount: nai('60000'),
    burnPercentage: percent('50'),
    legacyAmount: 0n,
    walletBalance: nai('1000'),
    claimAndBurn: { amount: nai('24000'), after: 6n * HOUR },
  },
  {
    address: address(4),
    label: 'Legacy only, no vesting position',
    amount: 0n,
    burnPercentage: 0n,
    legacyAmount: nai('7500'),
    walletBalance: nai('1000'),
  },
  {
    address: address(5),
    label: 'No position at all',
    amount: 0n,
    burnPercentage: 0n,
    legacyAmount: 0n,
    walletBalance: nai('1000'),
  },
  {
    address: address(6),
    label: 'Unlocks once, 30 days into unlocking; with legacy',
    amount: nai('120000'),
    burnPercentage: percent('25'),
    legacyAmount: nai('1000'),
    walletBalance: nai('1000'),
    unlock: { after: 30n * DAY },
  },
  {
    address: address(7),
    label: 'Claims the whole position 12 h into the window; legacy',
    amount: nai('30000'),
    burnPercentage: percent('40'),
    legacyAmount: nai('1200'),
    walletBalance: nai('1000'),
    claimAndBurn: { amount: nai('30000'), after: 12n * HOUR },
  },
  {
    address: address(8),
    label: 'No burn, odd amounts, legacy below 0.01',
    amount: 1_234_567_890_123_456_789_012n,
    burnPercentage: 0n,
    legacyAmount: nai('0.005'),
    walletBalance: nai('0.75'),
  },
]

/*//////////////////////////////////////////////////////////////
                               SEEDING
//////////////////////////////////////////////////////////////*/

export type ClaimEvent = {
  kind: 'claimAndBurn'
  holder: Address
  timestamp: bigint
  amount: bigint
  received: bigint
  burned: bigint
}
export type UnlockEvent = { kind: 'unlock'; holder: Address; timestamp: bigint; amount: bigint }
export type HistoryEvent = ClaimEvent | UnlockEvent

export type DemoDeployment = {
  chainId: number
  rpcUrl: string
  phase: Phase
  schedule: Schedule
  owner: Address
  token: Address
  vesting: Address
  legacyClaim: Address
  multicall3: Address
  holders: readonly DemoHolder[]
  /** The claims and unlocks written into the chain's past, oldest first. */
  history: HistoryEvent[]
  /** Timestamp of the last block written by the seeding: the wall-clock time when it finished. */
  seededAt: bigint
}

/**
 * The deployment's facts a build of the app may carry (the owner tool's deploy prints the same lines): the demo's
 * LegacyClaim opens with the claim window.
 */
export function knownDeploymentEnv(deployment: DemoDeployment): Record<string, string> {
  const { schedule } = deployment
  return {
    VITE_TOKEN_ADDRESS: deployment.token,
    VITE_CLAIM_START: String(schedule.claimStart),
    VITE_CLAIM_END: String(schedule.claimEnd),
    VITE_UNLOCK_START: String(schedule.unlockStart),
    VITE_UNLOCK_END: String(schedule.unlockEnd),
    VITE_LEGACY_CLAIM_START: String(schedule.claimStart),
  }
}

export type SeedOptions = {
  rpcUrl: string
  phase: Phase
  /** Anchor of the schedule, seconds since the epoch (the chain must have been started before it). */
  now: bigint
  holders?: readonly DemoHolder[]
  /** Deployer and owner of the contracts; anvil account #0 by default. */
  ownerKey?: Hex
  /**
   * Seconds between blocks once seeding is done (anvil's `--block-time`). Seeding mines a block per transaction;
   * afterwards this restores interval mining. Without it the chain is left mining on every transaction.
   */
  blockTime?: number
}

type Action = { timestamp: bigint; holder: DemoHolder; kind: 'claimAndBurn' | 'unlock' }

/** The claims and unlocks of `holders` that lie before `now`, oldest first. */
export function pastActions(holders: readonly DemoHolder[], schedule: Schedule, now: bigint): Action[] {
  const actions: Action[] = []
  for (const holder of holders) {
    if (holder.claimAndBurn) {
      const timestamp = schedule.claimStart + holder.claimAndBurn.after
      if (timestamp >= schedule.claimEnd) throw new Error(`${holder.label}: the claim lies after the claim window.`)
      if (timestamp < now) actions.push({ timestamp, holder, kind: 'claimAndBurn' })
    }
    if (holder.unlock) {
      const timestamp = schedule.unlockStart + holder.unlock.after
      if (timestamp < now) actions.push({ timestamp, holder, kind: 'unlock' })
    }
  }
  return actions.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0))
}

function sum(values: bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n)
}

/**
 * Deploys DemoToken, Vesting, LegacyClaim and Multicall3 on a local anvil chain started at or before
 * {@link chainStartTime}, allocates the holders' positions and legacy amounts, mints their wallet balances, writes
 * their past claims and unlocks at their real dates, and finally moves the chain's clock to the wall-clock time.
 */
export async function seedDemo(options: SeedOptions): Promise<DemoDeployment> {
  const holders = options.holders ?? DEMO_HOLDERS
  const schedule = scheduleForPhase(options.phase, options.now)
  const chain: Chain = { ...foundry, rpcUrls: { default: { http: [options.rpcUrl] } } }
  const transport = http(options.rpcUrl)
  const owner = privateKeyToAccount(options.ownerKey ?? anvilAccount(0).privateKey)
  const clients: Clients = {
    wallet: createWalletClient({ account: owner, chain, transport }),
    public: createPublicClient({ chain, transport, pollingInterval: 50 }),
  }
  const testClient = createTestClient({ mode: 'anvil', chain, transport })
  const confirm = async (hash: Hex, what: string): Promise<TransactionReceipt> => {
    const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`${what} reverted (transaction ${hash}).`)
    return receipt
  }

  const genesis = await clients.public.getBlock({ blockNumber: 0n })
  if (genesis.timestamp > chainStartTime(schedule, options.now)) {
    throw new Error(
      `The chain starts at ${genesis.timestamp}, after ${chainStartTime(schedule, options.now)}: start anvil with --timestamp ${chainStartTime(schedule, options.now)} so the demo history can be written at its dates.`,
    )
  }

  await testClient.setAutomine(true)

  const token = await deployDemoToken(clients)
  const vesting = await deployVesting(clients, token, schedule)
  const legacyClaim = await deployLegacyClaim(clients, token, schedule.claimStart)
  const multicall3 = await installMulticall3(clients, testClient)

  const vested = holders.filter((holder) => holder.amount > 0n)
  const legacy = holders.filter((holder) => holder.legacyAmount > 0n)
  const vestingTotal = sum(vested.map((holder) => holder.amount))
  const legacyTotal = sum(legacy.map((holder) => holder.legacyAmount))
  const send = async (hash: Promise<Hex>, what: string) => confirm(await hash, what)
  const write = clients.wallet
  const tokenContract = { address: token, abi: demoTokenAbi } as const
  const mint = (to: Address, amount: bigint, what: string) =>
    send(write.writeContract({ ...tokenContract, functionName: 'mint', args: [to, amount] }), what)
  const approve = (spender: Address, amount: bigint, what: string) =>
    send(write.writeContract({ ...tokenContract, functionName: 'approve', args: [spender, amount] }), what)

  await mint(owner.address, vestingTotal + legacyTotal, 'Minting the allocation')
  for (const holder of holders) {
    if (holder.walletBalance > 0n) {
      await mint(holder.address, holder.walletBalance, `Minting ${holder.label}'s wallet balance`)
    }
  }
  if (vested.length > 0) {
    await approve(vesting, vestingTotal, 'Approving Vesting')
    const owners = vested.map((holder) => holder.address)
    const amounts = vested.map((holder) => holder.amount)
    const burnPercentages = vested.map((holder) => holder.burnPercentage)
    const addClaims = { address: vesting, abi: vestingAbi, functionName: 'addClaims' } as const
    await send(write.writeContract({ ...addClaims, args: [owners, amounts, burnPercentages] }), 'Vesting.addClaims')
  }
  if (legacy.length > 0) {
    await approve(legacyClaim, legacyTotal, 'Approving LegacyClaim')
    const owners = legacy.map((holder) => holder.address)
    const amounts = legacy.map((holder) => holder.legacyAmount)
    const addClaims = { address: legacyClaim, abi: legacyClaimAbi, functionName: 'addClaims' } as const
    await send(write.writeContract({ ...addClaims, args: [owners, amounts] }), 'LegacyClaim.addClaims')
  }

  const nodeAccounts = await createWalletClient({ chain, transport }).getAddresses()
  const unlockedAccounts = new Set(nodeAccounts.map((account) => account.toLowerCase()))
  const history: HistoryEvent[] = []
  let latest = (await clients.public.getBlock()).timestamp
  for (const action of pastActions(holders, schedule, options.now)) {
    const { holder } = action
    const timestamp = action.timestamp > latest ? action.timestamp : latest + 1n
    const impersonate = !unlockedAccounts.has(holder.address.toLowerCase())
    if (impersonate) await testClient.impersonateAccount({ address: holder.address })
    const holderWallet = createWalletClient({ account: holder.address, chain, transport })
    await testClient.setNextBlockTimestamp({ timestamp })
    if (action.kind === 'claimAndBurn') {
      const amount = holder.claimAndBurn?.amount ?? 0n
      const receipt = await send(
        holderWallet.writeContract({ address: vesting, abi: vestingAbi, functionName: 'claimAndBurn', args: [amount] }),
        `${holder.label}: claimAndBurn`,
      )
      for (const log of parseEventLogs({ abi: vestingAbi, eventName: 'ClaimedAndBurned', logs: receipt.logs })) {
        const { amount: claimed, received, burned } = log.args
        history.push({ kind: 'claimAndBurn', holder: holder.address, timestamp, amount: claimed, received, burned })
      }
    } else {
      const receipt = await send(
        holderWallet.writeContract({ address: vesting, abi: vestingAbi, functionName: 'unlock' }),
        `${holder.label}: unlock`,
      )
      for (const log of parseEventLogs({ abi: vestingAbi, eventName: 'Unlocked', logs: receipt.logs })) {
        history.push({ kind: 'unlock', holder: holder.address, timestamp, amount: log.args.amount })
      }
    }
    if (impersonate) await testClient.stopImpersonatingAccount({ address: holder.address })
    latest = timestamp
  }

  // Bring the chain's clock to the wall clock: anvil keeps the offset, so later blocks follow real time.
  const wallClock = BigInt(Math.floor(Date.now() / 1000))
  const seededAt = wallClock > latest ? wallClock : latest + 1n
  await testClient.setNextBlockTimestamp({ timestamp: seededAt })
  await testClient.mine({ blocks: 1 })
  if (options.blockTime !== undefined) await testClient.setIntervalMining({ interval: options.blockTime })

  return {
    chainId: chain.id,
    rpcUrl: options.rpcUrl,
    phase: options.phase,
    schedule,
    owner: owner.address,
    token: getAddress(token),
    vesting: getAddress(vesting),
    legacyClaim: getAddress(legacyClaim),
    multicall3: getAddress(multicall3),
    holders,
    history,
    seededAt,
  }
}

/*//////////////////////////////////////////////////////////////
                             READING BACK
//////////////////////////////////////////////////////////////*/

export type HolderState = {
  holder: DemoHolder
  /** Vesting.claimByOwner */
  position: Position
  /** Vesting.claimableAmount at the latest block. */
  claimable: bigint
  /** LegacyClaim.claimByOwner */
  legacyAmount: bigint
  /** NAI in the wallet. */
  balance: bigint
}

/** What the chain holds for each demo holder now. */
export async function readHolderStates(deployment: DemoDeployment): Promise<HolderState[]> {
  const client = createPublicClient({ transport: http(deployment.rpcUrl) })
  return Promise.all(
    deployment.holders.map(async (holder) => {
      const [[amount, burnPercentage, unlockedAmount], claimable, legacyAmount, balance] = await Promise.all([
        client.readContract({
          address: deployment.vesting,
          abi: vestingAbi,
          functionName: 'claimByOwner',
          args: [holder.address],
        }),
        client.readContract({
          address: deployment.vesting,
          abi: vestingAbi,
          functionName: 'claimableAmount',
          args: [holder.address],
        }),
        client.readContract({
          address: deployment.legacyClaim,
          abi: legacyClaimAbi,
          functionName: 'claimByOwner',
          args: [holder.address],
        }),
        client.readContract({
          address: deployment.token,
          abi: demoTokenAbi,
          functionName: 'balanceOf',
          args: [holder.address],
        }),
      ])
      return { holder, position: { amount, burnPercentage, unlockedAmount }, claimable, legacyAmount, balance }
    }),
  )
}
