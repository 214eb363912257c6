import { type Address, getAddress, isAddress, zeroAddress } from 'viem'
import { read } from './variable'

/** What never changes for a deployment: its token, the vesting schedule and when the legacy claim opens. */
export type Deployment = {
  token: Address
  /** The vesting contract's four schedule instants, in seconds since the epoch. */
  schedule: { claimStart: bigint; claimEnd: bigint; unlockStart: bigint; unlockEnd: bigint }
  legacyClaimStart: bigint
}

/**
 * The deployment's immutable facts a build may carry, so that the page can show the schedule before any chain read
 * and a cold load needs one multicall: all of them or none. The owner tool's deploy prints them.
 */
export const KNOWN_DEPLOYMENT_VARIABLES = {
  token: 'VITE_TOKEN_ADDRESS',
  claimStart: 'VITE_CLAIM_START',
  claimEnd: 'VITE_CLAIM_END',
  unlockStart: 'VITE_UNLOCK_START',
  unlockEnd: 'VITE_UNLOCK_END',
  legacyClaimStart: 'VITE_LEGACY_CLAIM_START',
} as const

type Key = keyof typeof KNOWN_DEPLOYMENT_VARIABLES
type ConfigError = { variable: string; message: string }

export type KnownDeploymentResult =
  | { ok: true; deployment: Deployment | undefined }
  | { ok: false; errors: ConfigError[] }

/** The facts from the environment: `undefined` when none is set, every problem when some are set and some not. */
export function parseKnownDeployment(env: Record<string, string | undefined>): KnownDeploymentResult {
  const keys = Object.keys(KNOWN_DEPLOYMENT_VARIABLES) as Key[]
  const given = keys.filter((key) => read(env, KNOWN_DEPLOYMENT_VARIABLES[key]) !== undefined)
  if (given.length === 0) return { ok: true, deployment: undefined }
  const errors: ConfigError[] = []
  for (const key of keys) {
    const variable = KNOWN_DEPLOYMENT_VARIABLES[key]
    if (!given.includes(key)) {
      errors.push({
        variable,
        message: `${variable} is not set. The deployment's facts go together: set all of ${keys.map((k) => KNOWN_DEPLOYMENT_VARIABLES[k]).join(', ')} (the owner tool's deploy prints them), or none.`,
      })
    }
  }
  const token = read(env, KNOWN_DEPLOYMENT_VARIABLES.token)
  let tokenAddress: Address | undefined
  if (token !== undefined) {
    if (!isAddress(token, { strict: false }) || getAddress(token) === zeroAddress) {
      errors.push({
        variable: KNOWN_DEPLOYMENT_VARIABLES.token,
        message: `${KNOWN_DEPLOYMENT_VARIABLES.token} "${token}" is not a token address (0x followed by 40 hexadecimal digits, not zero).`,
      })
    } else tokenAddress = getAddress(token)
  }
  const times: Partial<Record<Exclude<Key, 'token'>, bigint>> = {}
  for (const key of ['claimStart', 'claimEnd', 'unlockStart', 'unlockEnd', 'legacyClaimStart'] as const) {
    const variable = KNOWN_DEPLOYMENT_VARIABLES[key]
    const value = read(env, variable)
    if (value === undefined) continue
    if (/^\d{1,12}$/.test(value)) times[key] = BigInt(value)
    else
      errors.push({ variable, message: `${variable} "${value}" is not a time in seconds since 1970 (a whole number).` })
  }
  const { claimStart, claimEnd, unlockStart, unlockEnd, legacyClaimStart } = times
  if (
    claimStart !== undefined &&
    claimEnd !== undefined &&
    unlockStart !== undefined &&
    unlockEnd !== undefined &&
    !(claimStart < claimEnd && claimEnd <= unlockStart && unlockStart < unlockEnd)
  ) {
    errors.push({
      variable: KNOWN_DEPLOYMENT_VARIABLES.claimStart,
      message: `The schedule ${KNOWN_DEPLOYMENT_VARIABLES.claimStart} < ${KNOWN_DEPLOYMENT_VARIABLES.claimEnd} ≤ ${KNOWN_DEPLOYMENT_VARIABLES.unlockStart} < ${KNOWN_DEPLOYMENT_VARIABLES.unlockEnd} does not hold; the contract refuses any other.`,
    })
  }
  if (
    errors.length > 0 ||
    tokenAddress === undefined ||
    claimStart === undefined ||
    claimEnd === undefined ||
    unlockStart === undefined ||
    unlockEnd === undefined ||
    legacyClaimStart === undefined
  ) {
    return { ok: false, errors }
  }
  return {
    ok: true,
    deployment: { token: tokenAddress, schedule: { claimStart, claimEnd, unlockStart, unlockEnd }, legacyClaimStart },
  }
}

/** Whether two readings of a deployment's facts agree. */
export function sameDeployment(a: Deployment, b: Deployment): boolean {
  return (
    a.token === b.token &&
    a.legacyClaimStart === b.legacyClaimStart &&
    a.schedule.claimStart === b.schedule.claimStart &&
    a.schedule.claimEnd === b.schedule.claimEnd &&
    a.schedule.unlockStart === b.schedule.unlockStart &&
    a.schedule.unlockEnd === b.schedule.unlockEnd
  )
}
