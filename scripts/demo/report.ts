import type { Address, Hex } from 'viem'
import { formatTokenAmount } from '../../src/domain/format.ts'
import { formatBurnPercentage } from '../../src/domain/position.ts'
import type { Phase } from '../../src/domain/schedule.ts'
import {
  anvilAccount,
  anvilAccounts,
  type ClaimEvent,
  DAY,
  type DemoDeployment,
  type HolderState,
  knownDeploymentEnv,
} from '../lib/seed.ts'

const nai = (value: bigint) => `${formatTokenAmount(value, 18)} NAI`

export const PHASE_TITLES: Record<Phase, string> = {
  before: 'before the claim window',
  claim: 'claim window open',
  locked: 'tokens locked',
  unlocking: 'tokens unlocking',
  ended: 'fully unlocked',
}

function aboutDays(seconds: bigint): string {
  const days = (seconds + DAY / 2n) / DAY
  return `${days} ${days === 1n ? 'day' : 'days'}`
}

/** What the vesting card shows for one holder at the deployment's phase, in the card's own words. */
export function describeHolder(state: HolderState, deployment: DemoDeployment): string {
  const { holder, position, claimable, legacyAmount } = state
  const { schedule, phase, seededAt } = deployment
  const claims = deployment.history.filter(
    (event): event is ClaimEvent => event.kind === 'claimAndBurn' && event.holder === holder.address,
  )
  const received = claims.reduce((total, event) => total + event.received, 0n)
  const burned = claims.reduce((total, event) => total + event.burned, 0n)
  const parts: string[] = []

  if (holder.amount === 0n) {
    parts.push('No vesting position (the card says so)')
  } else if (position.amount === 0n) {
    parts.push('Whole position taken via Claim & Burn, nothing left to lock')
  } else if (phase === 'before') {
    parts.push(
      `Lock for the Future ${nai(position.amount)}; Claim & Burn opens in ${aboutDays(schedule.claimStart - seededAt)}`,
    )
  } else if (phase === 'claim') {
    const burn = (position.amount * position.burnPercentage) / 10n ** 18n
    parts.push(`Claim & Burn at 100 %: receive ${nai(position.amount - burn)}, burn ${nai(burn)}`)
  } else if (phase === 'locked') {
    parts.push(`Locked ${nai(position.amount)}; unlocking starts in ${aboutDays(schedule.unlockStart - seededAt)}`)
  } else {
    const vested = claimable + position.unlockedAmount
    const tenths = (vested * 1000n) / position.amount
    const progress = phase === 'ended' ? 'Fully unlocked' : `Unlocking ${tenths / 10n}.${tenths % 10n} %`
    parts.push(
      `${progress}: unlocked ${nai(vested)}, claimed ${nai(position.unlockedAmount)}, claimable ${nai(claimable)}`,
    )
  }
  if (claims.length > 0) parts.push(`earlier Claim & Burn: received ${nai(received)}, burned ${nai(burned)}`)
  if (legacyAmount > 0n) {
    parts.push(`legacy: Claim ${nai(legacyAmount)}${phase === 'before' ? ' (disabled until the window opens)' : ''}`)
  }
  return parts.join('; ')
}

function indexOf(address: Address): number | undefined {
  return anvilAccounts.find((account) => account.address === address)?.index
}

function privateKeyOf(address: Address): Hex | undefined {
  return anvilAccounts.find((account) => account.address === address)?.privateKey
}

export type DeploymentFile = ReturnType<typeof deploymentFile>

/** The record written to `.deployments/local.json`: token amounts as decimal strings in the smallest unit. */
export function deploymentFile(deployment: DemoDeployment, states: HolderState[], appUrl: string) {
  const { schedule } = deployment
  const owner = anvilAccount(0)
  return {
    chainId: deployment.chainId,
    rpcUrl: deployment.rpcUrl,
    appUrl,
    phase: deployment.phase,
    seededAt: Number(deployment.seededAt),
    addresses: {
      token: deployment.token,
      vesting: deployment.vesting,
      legacyClaim: deployment.legacyClaim,
      multicall3: deployment.multicall3,
    },
    schedule: {
      claimStart: Number(schedule.claimStart),
      claimEnd: Number(schedule.claimEnd),
      unlockStart: Number(schedule.unlockStart),
      unlockEnd: Number(schedule.unlockEnd),
    },
    env: {
      VITE_CHAIN_ID: String(deployment.chainId),
      VITE_RPC_URLS: deployment.rpcUrl,
      VITE_VESTING_ADDRESS: deployment.vesting,
      VITE_LEGACY_ADDRESS: deployment.legacyClaim,
      ...knownDeploymentEnv(deployment),
    },
    owner: { index: owner.index, address: deployment.owner, privateKey: privateKeyOf(deployment.owner) },
    accounts: states.map((state) => ({
      index: indexOf(state.holder.address),
      label: state.holder.label,
      address: state.holder.address,
      privateKey: privateKeyOf(state.holder.address),
      shows: describeHolder(state, deployment),
      position: {
        amount: state.position.amount.toString(),
        burnPercentage: state.position.burnPercentage.toString(),
        unlockedAmount: state.position.unlockedAmount.toString(),
      },
      claimable: state.claimable.toString(),
      legacyAmount: state.legacyAmount.toString(),
      balance: state.balance.toString(),
    })),
    history: deployment.history.map((event) => ({
      ...event,
      timestamp: Number(event.timestamp),
      amount: event.amount.toString(),
      ...(event.kind === 'claimAndBurn'
        ? { received: event.received.toString(), burned: event.burned.toString() }
        : {}),
    })),
  }
}

/** Columns padded to their widest cell; `right` lists the columns aligned to the right (amounts). */
export function renderTable(headers: string[], rows: string[][], right: number[] = []): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return right.includes(column) ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

/** The account table printed by `npm start`. */
export function accountTable(deployment: DemoDeployment, states: HolderState[]): string {
  const rows = states.map((state) => {
    const hasPosition = state.holder.amount > 0n
    return [
      `#${indexOf(state.holder.address) ?? '?'}`,
      state.holder.address,
      hasPosition ? `${formatBurnPercentage(state.position.burnPercentage)} %` : '-',
      hasPosition ? formatTokenAmount(state.position.amount, 18) : '-',
      state.legacyAmount > 0n ? formatTokenAmount(state.legacyAmount, 18) : '-',
      formatTokenAmount(state.balance, 18),
      `${state.holder.label}. ${describeHolder(state, deployment)}.`,
    ]
  })
  return renderTable(['#', 'Address', 'Burn', 'Position', 'Legacy', 'Wallet', 'What it shows'], rows, [2, 3, 4, 5])
}

export function privateKeyTable(states: HolderState[]): string {
  const rows = states.map((state) => [
    `#${indexOf(state.holder.address) ?? '?'}`,
    state.holder.address,
    privateKeyOf(state.holder.address) ?? '(not an anvil account)',
  ])
  return renderTable(['#', 'Address', 'Private key'], rows)
}
