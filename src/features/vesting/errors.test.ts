import {
  type Abi,
  CallExecutionError,
  ChainMismatchError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  getContractError,
  type Hex,
  RpcRequestError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { avalanche } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../config/anvil'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { describeHolderError, type HolderErrorContext, portalErrorAbi } from './errors'

const VESTING = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const [, HOLDER] = ANVIL_ACCOUNTS
const E18 = 10n ** 18n
const [CLAIM_START, CLAIM_END, UNLOCK_START] = [1730314800n, 1731524400n, 1769972400n]
const nai: HolderErrorContext = { token: { symbol: 'NAI', decimals: 18 }, locale: 'en-US', timeZone: 'UTC' }
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])

/**
 * The error viem's `simulateContract`/`writeContract` throw when a call reverts: the node's JSON-RPC error (code 3,
 * revert data) inside a CallExecutionError, turned by `getContractError` into a ContractFunctionExecutionError whose
 * cause is a ContractFunctionRevertedError decoded with the ABI the call used.
 */
function revertedCall(data: Hex, abi: Abi = vestingAbi, functionName = 'claimAndBurn'): Error {
  const rpcError = new RpcRequestError({
    body: { method: 'eth_call' },
    error: { code: 3, message: 'execution reverted', data },
    url: 'http://127.0.0.1:8545',
  })
  const callError = new CallExecutionError(rpcError, { account, to: VESTING, data: '0x' })
  return getContractError(callError, { abi, address: VESTING, args: [], functionName, sender: account.address })
}

const portalErrors: Abi = portalErrorAbi

function revertOf(errorName: string, args: readonly unknown[]): Hex {
  return encodeErrorResult({ abi: portalErrors, errorName, args })
}

/** Every revert a holder can meet through the portal's actions, with the sentence shown for it. */
const holderCases: [string, readonly unknown[], string][] = [
  [
    'Vesting_OutsideClaimWindow',
    [CLAIM_END, CLAIM_START, CLAIM_END],
    'The claim window is closed: claim and burn is only possible between Oct 30, 2024, 7:00 PM UTC and Nov 13, 2024, 7:00 PM UTC.',
  ],
  [
    'Vesting_AmountExceedsPosition',
    [HOLDER, 1500n * E18 + 5n * 10n ** 15n, 1234567899n * 10n ** 15n],
    'You asked to claim 1,500 NAI, but your position holds only 1,234,567.89 NAI.',
  ],
  ['Vesting_ZeroAmount', [HOLDER], 'The amount must be more than zero.'],
  [
    'Vesting_UnlockNotStarted',
    [CLAIM_END, UNLOCK_START],
    'Unlocking has not started yet: your tokens begin to unlock on Feb 1, 2026, 7:00 PM UTC.',
  ],
  ['Vesting_NothingToUnlock', [HOLDER], 'Nothing has unlocked since your last claim.'],
  ['LegacyClaim_ClaimNotStarted', [0n, CLAIM_START], 'Legacy tokens can be claimed from Oct 30, 2024, 7:00 PM UTC.'],
  ['LegacyClaim_NothingToClaim', [HOLDER], 'This address has no legacy tokens left to claim.'],
  [
    'ERC20InsufficientBalance',
    [VESTING, 1n, 2n * E18],
    'The token transfer failed: 0x5F…0aa3 holds <0.01 NAI but 2 NAI is needed.',
  ],
  [
    'Error',
    ['Ownable: caller is not the owner'],
    'The contract refused the transaction: Ownable: caller is not the owner',
  ],
  ['Panic', [0x11n], 'The contract stopped on an internal error (panic code 0x11).'],
]

describe('describeHolderError: the reverts a holder can meet', () => {
  it.each(holderCases)('%s from a simulated call', (errorName, args, message) => {
    expect(describeHolderError(revertedCall(revertOf(errorName, args)), nai)).toEqual({ kind: 'failed', message })
  })

  it.each(holderCases)('%s from a wallet that returns the revert data nested', (errorName, args, message) => {
    const walletError = { code: -32603, message: 'Internal JSON-RPC error.', data: { data: revertOf(errorName, args) } }
    expect(describeHolderError(walletError, nai)).toEqual({ kind: 'failed', message })
  })

  it("counts amounts in the deployment's own token", () => {
    const error = revertedCall(revertOf('Vesting_AmountExceedsPosition', [HOLDER, 1_500_000n, 1_234_567n]))
    expect(describeHolderError(error, { ...nai, token: { symbol: 'vNAI', decimals: 6 } })).toEqual({
      kind: 'failed',
      message: 'You asked to claim 1.5 vNAI, but your position holds only 1.23 vNAI.',
    })
  })
})

describe('describeHolderError: every other error of the contracts is named', () => {
  const holderNames = new Set(holderCases.map(([name]) => name))
  const others = portalErrorAbi.flatMap((item) => (item.type === 'error' && !holderNames.has(item.name) ? [item] : []))

  it('leaves the owner’s and the locked-transfer errors out of the holder’s sentences', () => {
    expect(others.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Vesting_DuplicateHolder', 'OwnableUnauthorizedAccount', 'Vesting_NotWhitelisted']),
    )
  })

  it.each(others.map((item) => [item.name, item] as const))('%s', (errorName, item) => {
    const args = item.inputs.map((input) => (input.type === 'address' ? HOLDER : input.type === 'string' ? 'text' : 1n))
    expect(describeHolderError(revertedCall(revertOf(errorName, args)), nai)).toEqual({
      kind: 'failed',
      message: `The contract refused the transaction (${errorName}).`,
    })
  })
})

describe('describeHolderError: other reverts', () => {
  it('decodes an ERC-20 error that the calling ABI does not know', () => {
    const error = revertedCall(revertOf('ERC20InsufficientBalance', [VESTING, 0n, E18]), legacyClaimAbi, 'claim')
    expect(describeHolderError(error, nai)).toEqual({
      kind: 'failed',
      message: 'The token transfer failed: 0x5F…0aa3 holds 0 NAI but 1 NAI is needed.',
    })
  })

  it('reads the arguments viem already decoded when the raw data is not kept', () => {
    const reverted = new ContractFunctionRevertedError({
      abi: vestingAbi,
      data: revertOf('Vesting_UnlockNotStarted', [CLAIM_END, UNLOCK_START]),
      functionName: 'unlock',
    })
    reverted.raw = undefined
    expect(reverted.data?.errorName).toBe('Vesting_UnlockNotStarted')
    expect(describeHolderError(reverted, nai)).toEqual({
      kind: 'failed',
      message: 'Unlocking has not started yet: your tokens begin to unlock on Feb 1, 2026, 7:00 PM UTC.',
    })
  })

  it('says the contract refused a require without a message', () => {
    expect(describeHolderError(revertedCall(revertOf('Error', [''])), nai)).toEqual({
      kind: 'failed',
      message: 'The contract refused the transaction.',
    })
  })

  it.each<[string, Hex]>([
    ['no revert data', '0x'],
    ['an error from another contract', '0xdeadbeef0000000000000000000000000000000000000000000000000000000000000001'],
  ])('says the contract refused for a revert with %s', (_, data) => {
    expect(describeHolderError(revertedCall(data), nai)).toEqual({
      kind: 'failed',
      message: 'The contract refused the transaction.',
    })
  })

  it("names the app's chain when the wallet is on another one", () => {
    const error = new ChainMismatchError({ chain: avalanche, currentChainId: 1 })
    expect(describeHolderError(error, { ...nai, chainName: 'Avalanche C-Chain' })).toEqual({
      kind: 'failed',
      message: 'Your wallet is on another network. Switch to Avalanche C-Chain and try again.',
    })
  })
})
