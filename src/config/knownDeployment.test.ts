import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseKnownDeployment, sameDeployment } from './knownDeployment'

const TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** The production schedule, as the contracts hold it. */
const PRODUCTION_SCHEDULE = {
  claimStart: 1730314800n,
  claimEnd: 1731524400n,
  unlockStart: 1769972400n,
  unlockEnd: 1801508400n,
}

const facts = {
  VITE_TOKEN_ADDRESS: TOKEN.toLowerCase(),
  VITE_CLAIM_START: '1730314800',
  VITE_CLAIM_END: '1731524400',
  VITE_UNLOCK_START: '1769972400',
  VITE_UNLOCK_END: '1801508400',
  VITE_LEGACY_CLAIM_START: '1730314800',
}

const deployment = { token: TOKEN, schedule: PRODUCTION_SCHEDULE, legacyClaimStart: 1730314800n }

function messages(env: Record<string, string | undefined>): string[] {
  const result = parseKnownDeployment(env)
  return result.ok ? [] : result.errors.map((error) => error.message)
}

describe('parseKnownDeployment', () => {
  it('is nothing when none of the facts is set', () => {
    expect(parseKnownDeployment({})).toEqual({ ok: true, deployment: undefined })
    expect(parseKnownDeployment({ VITE_CLAIM_END: '  ' })).toEqual({ ok: true, deployment: undefined })
  })

  it('reads all six, the token checksummed', () => {
    expect(parseKnownDeployment(facts)).toEqual({ ok: true, deployment })
  })

  it('names every fact missing when only some are set', () => {
    const result = parseKnownDeployment({ ...facts, VITE_UNLOCK_END: undefined, VITE_LEGACY_CLAIM_START: '' })
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.errors.map((error) => error.variable)).toEqual([
      'VITE_UNLOCK_END',
      'VITE_LEGACY_CLAIM_START',
    ])
    expect(messages({ ...facts, VITE_UNLOCK_END: undefined })[0]).toBe(
      "VITE_UNLOCK_END is not set. The deployment's facts go together: set all of VITE_TOKEN_ADDRESS, VITE_CLAIM_START, VITE_CLAIM_END, VITE_UNLOCK_START, VITE_UNLOCK_END, VITE_LEGACY_CLAIM_START (the owner tool's deploy prints them), or none.",
    )
  })

  it('refuses a token that is not an address, and times that are not whole seconds', () => {
    expect(messages({ ...facts, VITE_TOKEN_ADDRESS: '0x1234' })).toEqual([
      'VITE_TOKEN_ADDRESS "0x1234" is not a token address (0x followed by 40 hexadecimal digits, not zero).',
    ])
    expect(messages({ ...facts, VITE_TOKEN_ADDRESS: `0x${'0'.repeat(40)}` })).toHaveLength(1)
    expect(messages({ ...facts, VITE_CLAIM_END: '2024-11-13' })).toEqual([
      'VITE_CLAIM_END "2024-11-13" is not a time in seconds since 1970 (a whole number).',
    ])
    expect(messages({ ...facts, VITE_CLAIM_END: '1731524400000' })).toHaveLength(1)
  })

  it('refuses a schedule the contract would refuse', () => {
    expect(messages({ ...facts, VITE_CLAIM_END: facts.VITE_CLAIM_START })).toEqual([
      'The schedule VITE_CLAIM_START < VITE_CLAIM_END ≤ VITE_UNLOCK_START < VITE_UNLOCK_END does not hold; the contract refuses any other.',
    ])
    expect(messages({ ...facts, VITE_UNLOCK_START: facts.VITE_CLAIM_END })).toEqual([])
  })
})

describe('sameDeployment', () => {
  it('tells any difference apart', () => {
    expect(sameDeployment(deployment, { ...deployment })).toBe(true)
    expect(sameDeployment(deployment, { ...deployment, legacyClaimStart: 1n })).toBe(false)
    expect(sameDeployment(deployment, { ...deployment, token: `0x${'1'.repeat(40)}` })).toBe(false)
    for (const key of ['claimStart', 'claimEnd', 'unlockStart', 'unlockEnd'] as const) {
      const schedule = { ...PRODUCTION_SCHEDULE, [key]: PRODUCTION_SCHEDULE[key] + 1n }
      expect(sameDeployment(deployment, { ...deployment, schedule }), key).toBe(false)
    }
  })
})
