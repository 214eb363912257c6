import {
  type Abi,
  BaseError,
  CallExecutionError,
  ChainMismatchError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  EstimateGasExecutionError,
  encodeErrorResult,
  encodeFunctionData,
  getContractError,
  type Hex,
  HttpRequestError,
  InsufficientFundsError,
  RpcRequestError,
  TimeoutError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { avalanche, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { ConnectorChainMismatchError } from 'wagmi'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../generated'
import { describeError } from './errors'

const VESTING = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const ZERO = '0x0000000000000000000000000000000000000000'
const E18 = 10n ** 18n
const UINT96_MAX = 2n ** 96n - 1n
const [CLAIM_START, CLAIM_END, UNLOCK_START, UNLOCK_END] = [1730314800n, 1731524400n, 1769972400n, 1801508400n]
const options = { locale: 'en-US', timeZone: 'UTC' }
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

const allErrorsAbi: Abi = [...vestingAbi, ...legacyClaimAbi, ...demoTokenAbi]

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

function revertOf(errorName: string, args: readonly unknown[]): Hex {
  return encodeErrorResult({ abi: allErrorsAbi, errorName, args })
}

describe('describeError: every custom error of both contracts and OpenZeppelin', () => {
  const cases: [string, readonly unknown[], string][] = [
    // Vesting, holder actions
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
    [
      'Vesting_UnlockNotStarted',
      [CLAIM_END, UNLOCK_START],
      'Unlocking has not started yet: your tokens begin to unlock on Feb 1, 2026, 7:00 PM UTC.',
    ],
    ['Vesting_NothingToUnlock', [HOLDER], 'Nothing has unlocked since your last claim.'],
    [
      'Vesting_NotLockedYet',
      [CLAIM_START, CLAIM_END],
      'Locked tokens can only be transferred once the claim window has ended, on Nov 13, 2024, 7:00 PM UTC.',
    ],
    [
      'Vesting_NotWhitelisted',
      [HOLDER, OTHER],
      'Locked tokens can only move to or from an approved contract, and neither 0x7099…79C8 nor 0x3C44…93BC is one.',
    ],
    [
      'Vesting_InvalidRecipient',
      [ZERO],
      'Locked tokens cannot be transferred to 0x0000…0000: choose another recipient.',
    ],
    [
      'Vesting_AmountExceedsLocked',
      [HOLDER, 10n * E18, 9999n * 10n ** 12n],
      'You asked to transfer 10 NAI, but only <0.01 NAI is still locked in your position.',
    ],
    ['Vesting_ZeroAmount', [HOLDER], 'The amount must be more than zero.'],
    // Vesting, owner actions and deployment
    ['Vesting_ZeroTokenAddress', [], 'The vesting contract needs a token: the zero address was given.'],
    [
      'Vesting_InvalidSchedule',
      [CLAIM_START, UNLOCK_START, CLAIM_END, UNLOCK_END],
      'The schedule is invalid: the claim window (Oct 30, 2024, 7:00 PM UTC to Feb 1, 2026, 7:00 PM UTC) must end no later than unlocking starts, and unlocking (Nov 13, 2024, 7:00 PM UTC to Feb 1, 2027, 7:00 PM UTC) must end after it starts.',
    ],
    [
      'Vesting_LengthMismatch',
      [3n, 2n, 3n],
      'The lists of holders (3), amounts (2) and burn percentages (3) must be the same length.',
    ],
    ['Vesting_ZeroAddress', [0n], 'Holder number 1 in the list is the zero address.'],
    [
      'Vesting_AmountTooLarge',
      [HOLDER, 10n ** 29n, UINT96_MAX],
      'The amount for 0x7099…79C8 (100,000,000,000 NAI) is above the most a position can hold (79,228,162,514.26 NAI).',
    ],
    [
      'Vesting_BurnPercentageTooHigh',
      [HOLDER, 1005n * 10n ** 15n],
      'The burn percentage for 0x7099…79C8 (100.5 %) is above 100 %.',
    ],
    ['Vesting_PositionExists', [HOLDER], '0x7099…79C8 already has a vesting position, so it cannot be added again.'],
    [
      'Vesting_FundingMismatch',
      [100n * E18, 99n * E18],
      'The vesting contract should have received 100 NAI but received 99 NAI; tokens that take a fee on transfer are not supported.',
    ],
    [
      'Vesting_NoCode',
      [HOLDER],
      '0x7099…79C8 is not a contract on this network, so it cannot be approved for locked transfers.',
    ],
    // LegacyClaim
    ['LegacyClaim_ClaimNotStarted', [0n, CLAIM_START], 'Legacy tokens can be claimed from Oct 30, 2024, 7:00 PM UTC.'],
    ['LegacyClaim_NothingToClaim', [HOLDER], 'This address has no legacy tokens left to claim.'],
    ['LegacyClaim_ZeroTokenAddress', [], 'The legacy claim contract needs a token: the zero address was given.'],
    ['LegacyClaim_LengthMismatch', [2n, 1n], 'The lists of owners (2) and amounts (1) must be the same length.'],
    ['LegacyClaim_ZeroAddress', [4n], 'Owner number 5 in the list is the zero address.'],
    ['LegacyClaim_ZeroAmount', [HOLDER], 'The legacy amount for 0x7099…79C8 must be more than zero.'],
    [
      'LegacyClaim_ClaimExists',
      [HOLDER],
      '0x7099…79C8 already has unclaimed legacy tokens, so it cannot be added again.',
    ],
    [
      'LegacyClaim_FundingMismatch',
      [5n * E18, 4n * E18],
      'The legacy claim contract should have received 5 NAI but received 4 NAI; tokens that take a fee on transfer are not supported.',
    ],
    // OpenZeppelin
    ['OwnableUnauthorizedAccount', [HOLDER], 'Only the contract owner can do this, and 0x7099…79C8 is not the owner.'],
    ['OwnableInvalidOwner', [ZERO], '0x0000…0000 cannot be made the owner of the contract.'],
    [
      'ReentrancyGuardReentrantCall',
      [],
      'The contract refused a call made while another of its calls was still running.',
    ],
    ['SafeERC20FailedOperation', [TOKEN], 'The token transfer failed: the token at 0xe7f1…0512 did not complete it.'],
    [
      'ERC20InsufficientBalance',
      [VESTING, 1n, 2n * E18],
      'The token transfer failed: 0x5FbD…0aa3 holds <0.01 NAI but 2 NAI is needed.',
    ],
    [
      'ERC20InsufficientAllowance',
      [VESTING, 0n, 1000n * E18],
      'The token transfer failed: 0x5FbD…0aa3 is allowed to move 0 NAI but 1,000 NAI is needed. Approve the full amount first.',
    ],
    ['ERC20InvalidSender', [ZERO], 'The token transfer failed: tokens cannot be sent from 0x0000…0000.'],
    ['ERC20InvalidReceiver', [ZERO], 'The token transfer failed: tokens cannot be sent to 0x0000…0000.'],
    ['ERC20InvalidApprover', [ZERO], 'The token approval failed: 0x0000…0000 cannot approve spending.'],
    ['ERC20InvalidSpender', [ZERO], 'The token approval failed: 0x0000…0000 cannot be allowed to spend tokens.'],
  ]

  it('covers every error in the generated ABIs', () => {
    const abiErrorNames = new Set(allErrorsAbi.flatMap((item) => (item.type === 'error' ? [item.name] : [])))
    expect(new Set(cases.map(([name]) => name))).toEqual(abiErrorNames)
  })

  it.each(cases)('%s from a simulated call', (errorName, args, message) => {
    expect(describeError(revertedCall(revertOf(errorName, args)), options)).toEqual({ kind: 'failed', message })
  })

  it.each(cases)('%s from a wallet that returns the revert data nested', (errorName, args, message) => {
    const walletError = { code: -32603, message: 'Internal JSON-RPC error.', data: { data: revertOf(errorName, args) } }
    expect(describeError(walletError, options)).toEqual({ kind: 'failed', message })
  })
})

describe('describeError: other reverts', () => {
  it('decodes an ERC-20 error that the calling ABI does not know', () => {
    const error = revertedCall(revertOf('ERC20InsufficientBalance', [VESTING, 0n, E18]), legacyClaimAbi, 'claim')
    expect(describeError(error, options)).toEqual({
      kind: 'failed',
      message: 'The token transfer failed: 0x5FbD…0aa3 holds 0 NAI but 1 NAI is needed.',
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
    expect(describeError(reverted, options)).toEqual({
      kind: 'failed',
      message: 'Unlocking has not started yet: your tokens begin to unlock on Feb 1, 2026, 7:00 PM UTC.',
    })
  })

  it('quotes a require message', () => {
    const data = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
      errorName: 'Error',
      args: ['Ownable: caller is not the owner'],
    })
    expect(describeError(revertedCall(data))).toEqual({
      kind: 'failed',
      message: 'The contract refused the transaction: Ownable: caller is not the owner',
    })
  })

  it('names a panic by its code', () => {
    const data = encodeErrorResult({
      abi: [{ type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] }],
      errorName: 'Panic',
      args: [0x11n],
    })
    expect(describeError(revertedCall(data))).toEqual({
      kind: 'failed',
      message: 'The contract stopped on an internal error (panic code 0x11).',
    })
  })

  it.each<[string, Hex]>([
    ['no revert data', '0x'],
    ['an error from another contract', '0xdeadbeef0000000000000000000000000000000000000000000000000000000000000001'],
  ])('says the contract refused for a revert with %s', (_, data) => {
    expect(describeError(revertedCall(data))).toEqual({
      kind: 'failed',
      message: 'The contract refused the transaction.',
    })
  })

  it('says a contract that returned nothing was not found', () => {
    const error = new ContractFunctionExecutionError(new ContractFunctionZeroDataError({ functionName: 'claimEnd' }), {
      abi: vestingAbi,
      functionName: 'claimEnd',
    })
    expect(describeError(error)).toEqual({ kind: 'failed', message: 'The contract was not found on this network.' })
  })
})

describe('describeError: user rejection', () => {
  const claimCalldata = encodeFunctionData({ abi: vestingAbi, functionName: 'claimAndBurn', args: [E18] })
  it.each<[string, unknown]>([
    [
      "viem's UserRejectedRequestError inside a write",
      new ContractFunctionExecutionError(
        new TransactionExecutionError(new UserRejectedRequestError(new Error('User rejected the request.')), {
          account,
          to: VESTING,
          data: claimCalldata,
        }),
        { abi: vestingAbi, functionName: 'claimAndBurn', args: [E18], contractAddress: VESTING },
      ),
    ],
    [
      'a plain EIP-1193 error object',
      { code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' },
    ],
    ['an Error whose cause is an EIP-1193 rejection', new Error('Request failed', { cause: { code: 4001 } })],
    [
      'a rejection from another copy of viem',
      Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError' }),
    ],
  ])('%s is quiet', (_, error) => {
    expect(describeError(error)).toEqual({ kind: 'rejected' })
  })
})

describe('describeError: wallet and network failures', () => {
  it.each<[string, unknown, { chainName?: string }, string]>([
    [
      "viem's ChainMismatchError names the app's chain",
      new ChainMismatchError({ chain: avalanche, currentChainId: 1 }),
      {},
      'Your wallet is on another network. Switch to Avalanche C-Chain and try again.',
    ],
    [
      "wagmi's ConnectorChainMismatchError names the app's chain",
      new ConnectorChainMismatchError({ connectionChainId: 1, connectorChainId: 43114 }),
      {},
      'Your wallet is on another network. Switch to Ethereum and try again.',
    ],
    [
      'a chain name given by the app wins',
      new ChainMismatchError({ chain: mainnet, currentChainId: 31337 }),
      { chainName: 'Ethereum Mainnet' },
      'Your wallet is on another network. Switch to Ethereum Mainnet and try again.',
    ],
    [
      'an unknown chain is named as the error names it',
      new ChainMismatchError({ chain: { ...mainnet, id: 10, name: 'OP Mainnet' }, currentChainId: 1 }),
      {},
      'Your wallet is on another network. Switch to OP Mainnet and try again.',
    ],
  ])('%s', (_, error, extra, message) => {
    expect(describeError(error, extra)).toEqual({ kind: 'failed', message })
  })

  it('says when there is not enough to pay for gas', () => {
    const error = new EstimateGasExecutionError(new InsufficientFundsError(), { account, to: VESTING })
    expect(describeError(error)).toEqual({
      kind: 'failed',
      message: 'Your wallet does not have enough funds to pay the network fee. Add some and try again.',
    })
  })

  it.each<[string, unknown]>([
    ['an HTTP failure', new HttpRequestError({ url: 'https://rpc.example.org', status: 503 })],
    ['a timeout', new TimeoutError({ body: { method: 'eth_call' }, url: 'https://rpc.example.org' })],
    [
      'a read that failed on the network',
      new ContractFunctionExecutionError(
        new CallExecutionError(
          new HttpRequestError({ url: 'https://rpc.example.org', cause: new TypeError('fetch failed') }),
          {
            to: VESTING,
          },
        ),
        { abi: vestingAbi, functionName: 'claimByOwner', args: [HOLDER] },
      ),
    ],
  ])('%s says the network could not be reached', (_, error) => {
    expect(describeError(error)).toEqual({
      kind: 'failed',
      message: 'The network could not be reached. Check your connection and try again.',
    })
  })
})

describe('describeError: anything else', () => {
  it("uses viem's short message, on one line", () => {
    const error = new BaseError('The transaction was replaced\nby another one.', { details: 'stack-like details' })
    expect(describeError(error)).toEqual({ kind: 'failed', message: 'The transaction was replaced by another one.' })
  })

  it.each<[string, unknown]>([
    ['a plain Error, whose message may hold a stack', new Error('boom\n    at claim (app.js:1:1)')],
    ['a thrown string', 'boom'],
    ['undefined', undefined],
    ['null', null],
    ['an error with an empty short message', new BaseError('')],
  ])('gives a generic sentence for %s', (_, error) => {
    expect(describeError(error)).toEqual({ kind: 'failed', message: 'Something went wrong. Please try again.' })
  })

  it('does not loop on a cause cycle', () => {
    const first: { cause?: unknown; shortMessage: string } = { shortMessage: 'First.' }
    first.cause = { cause: first }
    expect(describeError(first)).toEqual({ kind: 'failed', message: 'First.' })
  })
})
