import {
  BaseError,
  CallExecutionError,
  ChainMismatchError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  EstimateGasExecutionError,
  encodeErrorResult,
  encodeFunctionData,
  HttpRequestError,
  InsufficientFundsError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  LimitExceededRpcError,
  RpcRequestError,
  TimeoutError,
  TransactionExecutionError,
  UnknownRpcError,
  UserRejectedRequestError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { avalanche, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { ConnectorChainMismatchError } from 'wagmi'
import { ANVIL_PRIVATE_KEYS } from '../config/anvil'
import { describeError } from './describeError'
import {
  decodeRevert,
  type ErrorSentences,
  errorCauses,
  isAnswerBehind,
  isEndpointFailure,
  isLogQueryRefusal,
  isUserRejection,
  isWalletRequestExpiry,
  revertSentence,
  SOLIDITY_ERRORS,
} from './errors'
import { AnswerBehindError } from './readFloors'

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])

/** A contract of two errors and one function, to test the core without the portal's own tables. */
const shopAbi = [
  { type: 'error', name: 'SoldOut', inputs: [{ name: 'item', type: 'uint256' }] },
  {
    type: 'error',
    name: 'TooExpensive',
    inputs: [
      { name: 'price', type: 'uint256' },
      { name: 'budget', type: 'uint256' },
    ],
  },
  { type: 'function', name: 'buy', inputs: [], outputs: [], stateMutability: 'nonpayable' },
  ...SOLIDITY_ERRORS,
] as const
const shopSentences: ErrorSentences<typeof shopAbi, { currency: string }> = {
  TooExpensive: ([price, budget], { currency }) => `It costs ${price} ${currency}; you have ${budget} ${currency}.`,
}

/** What viem's `simulateContract` throws when `buy` reverts with `data`. */
function revertedBuy(data: `0x${string}`) {
  const rpcError = new RpcRequestError({
    body: { method: 'eth_call' },
    error: { code: 3, message: 'execution reverted', data },
    url: 'http://127.0.0.1:8545',
  })
  return new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi: shopAbi, data, functionName: 'buy', cause: rpcError }),
    { abi: shopAbi, functionName: 'buy', contractAddress: CONTRACT },
  )
}

describe('decodeRevert and revertSentence', () => {
  const tooExpensive = encodeErrorResult({ abi: shopAbi, errorName: 'TooExpensive', args: [12n, 5n] })

  it.each<[string, unknown]>([
    ["viem's decoded revert", revertedBuy(tooExpensive)],
    ['a wallet error with the data nested', { code: -32603, message: 'Internal error', data: { data: tooExpensive } }],
    ['a wallet error that keeps the original error', { data: { originalError: { data: tooExpensive } } }],
  ])('finds the custom error in %s', (_, error) => {
    const decoded = decodeRevert(error, shopAbi)
    expect(decoded?.errorName).toBe('TooExpensive')
    expect(decoded && revertSentence(decoded, shopSentences, { currency: 'EUR' })).toBe(
      'It costs 12 EUR; you have 5 EUR.',
    )
  })

  it('gives no sentence for an error the table leaves out', () => {
    const decoded = decodeRevert(
      revertedBuy(encodeErrorResult({ abi: shopAbi, errorName: 'SoldOut', args: [3n] })),
      shopAbi,
    )
    expect(decoded).toMatchObject({ errorName: 'SoldOut', args: [3n] })
    expect(decoded && revertSentence(decoded, shopSentences, { currency: 'EUR' })).toBeUndefined()
  })

  it('finds nothing in an error that carries no revert of the ABI', () => {
    expect(decodeRevert(new Error('boom'), shopAbi)).toBeUndefined()
    expect(decodeRevert(revertedBuy('0xdeadbeef'), shopAbi)).toBeUndefined()
  })
})

describe('describeError: a contract revert', () => {
  it("uses the audience's sentence", () => {
    const error = revertedBuy(encodeErrorResult({ abi: shopAbi, errorName: 'SoldOut', args: [3n] }))
    expect(describeError(error, { revert: () => 'Sold out.' })).toEqual({ kind: 'failed', message: 'Sold out.' })
  })

  it('says the contract refused when the audience has no sentence', () => {
    const error = revertedBuy(encodeErrorResult({ abi: shopAbi, errorName: 'SoldOut', args: [3n] }))
    expect(describeError(error, { revert: () => undefined })).toEqual({
      kind: 'failed',
      message: 'The contract refused the transaction.',
    })
  })

  it('says a contract that returned nothing was not found', () => {
    const error = new ContractFunctionExecutionError(new ContractFunctionZeroDataError({ functionName: 'claimEnd' }), {
      abi: shopAbi,
      functionName: 'buy',
    })
    expect(describeError(error)).toEqual({ kind: 'failed', message: 'The contract was not found on this network.' })
  })
})

describe('describeError: user rejection', () => {
  const calldata = encodeFunctionData({ abi: shopAbi, functionName: 'buy' })
  it.each<[string, unknown]>([
    [
      "viem's UserRejectedRequestError inside a write",
      new ContractFunctionExecutionError(
        new TransactionExecutionError(new UserRejectedRequestError(new Error('User rejected the request.')), {
          account,
          to: CONTRACT,
          data: calldata,
        }),
        { abi: shopAbi, functionName: 'buy', contractAddress: CONTRACT },
      ),
    ],
    [
      'a plain EIP-1193 error object',
      { code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' },
    ],
    ['an Error whose cause is an EIP-1193 rejection', new Error('Request failed', { cause: { code: 4001 } })],
    [
      "Safe{Wallet}'s answer when an owner closes the review, through viem",
      new UnknownRpcError(new Error('Transaction was rejected')),
    ],
    [
      "Safe{Wallet}'s answer over WalletConnect when an owner closes the review, through viem",
      new InvalidInputRpcError(Object.assign(new Error('User rejected transaction'), { code: -32000 })),
    ],
    [
      'a rejection from another copy of viem',
      Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError' }),
    ],
  ])('%s is quiet', (_, error) => {
    expect(isUserRejection(error)).toBe(true)
    expect(describeError(error, { revert: () => 'not asked' })).toEqual({ kind: 'rejected' })
  })
})

describe('describeError: not a rejection', () => {
  it("Safe{Wallet}'s other failures over WalletConnect, with the same code, are said", () => {
    const error = new InvalidInputRpcError(Object.assign(new Error('Invalid call parameters.'), { code: -32000 }))
    expect(isUserRejection(error)).toBe(false)
    expect(describeError(error).kind).toBe('failed')
  })
})

describe('isWalletRequestExpiry', () => {
  it("tells WalletConnect's five-minute expiry of a request, however the provider wraps it", async () => {
    const expired = new Error('Request expired. Please try again.')
    const { UnknownRpcError } = await import('viem')
    expect(isWalletRequestExpiry(expired)).toBe(true)
    expect(isWalletRequestExpiry(new UnknownRpcError(expired))).toBe(true)
    expect(isWalletRequestExpiry(new Error('The request failed.', { cause: expired }))).toBe(true)
  })

  it('is false for other failures, a rejection among them', () => {
    expect(isWalletRequestExpiry(new Error('User rejected the request.'))).toBe(false)
    expect(isWalletRequestExpiry({ code: 4001, message: 'User denied transaction signature.' })).toBe(false)
    expect(isWalletRequestExpiry(new Error('The pairing expired.'))).toBe(false)
  })
})

describe('describeError: wallet and network failures', () => {
  it.each<[string, unknown, { chainName?: string }, string]>([
    [
      "viem's ChainMismatchError, named as the error names it",
      new ChainMismatchError({ chain: avalanche, currentChainId: 1 }),
      {},
      'Your wallet is on another network. Switch to Avalanche and try again.',
    ],
    [
      "wagmi's ConnectorChainMismatchError names the app's chain",
      new ConnectorChainMismatchError({ connectionChainId: 1, connectorChainId: 43114 }),
      { chainName: 'Avalanche C-Chain' },
      'Your wallet is on another network. Switch to Avalanche C-Chain and try again.',
    ],
    [
      'a chain name given by the app wins',
      new ChainMismatchError({ chain: mainnet, currentChainId: 31337 }),
      { chainName: 'Ethereum Mainnet' },
      'Your wallet is on another network. Switch to Ethereum Mainnet and try again.',
    ],
    [
      'a mismatch that names no chain',
      new ConnectorChainMismatchError({ connectionChainId: 1, connectorChainId: 43114 }),
      {},
      'Your wallet is on another network. Switch to the network this app uses and try again.',
    ],
  ])('%s', (_, error, extra, message) => {
    expect(describeError(error, extra)).toEqual({ kind: 'failed', message })
  })

  it('says when there is not enough to pay for gas', () => {
    const error = new EstimateGasExecutionError(new InsufficientFundsError(), { account, to: CONTRACT })
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
          { to: CONTRACT },
        ),
        { abi: shopAbi, functionName: 'buy' },
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

  it('does not loop on a cause cycle, in plain objects or in viem errors', () => {
    const first: { cause?: unknown; shortMessage: string } = { shortMessage: 'First.' }
    first.cause = { cause: first }
    expect(describeError(first)).toEqual({ kind: 'failed', message: 'First.' })

    const viemError = new BaseError('Outer.')
    Object.assign(viemError, { cause: { cause: viemError } })
    expect(errorCauses(viemError)).toHaveLength(2)
    expect(describeError(viemError)).toEqual({ kind: 'failed', message: 'Outer.' })
  })
})

/**
 * What viem's client throws for a JSON-RPC error a node answered to `eth_getLogs`: the node's error in an
 * RpcRequestError, wrapped in the class its code maps to.
 */
function nodeError(code: number, message: string, data?: unknown): Error {
  const cause = new RpcRequestError({
    body: { method: 'eth_getLogs' },
    error: { code, message, ...(data === undefined ? {} : { data }) },
    url: 'https://rpc.example.org',
  })
  if (code === LimitExceededRpcError.code) return new LimitExceededRpcError(cause)
  if (code === InvalidParamsRpcError.code) return new InvalidParamsRpcError(cause)
  if (code === InvalidInputRpcError.code) return new InvalidInputRpcError(cause)
  return cause
}

describe('isLogQueryRefusal: a log query refused for its size', () => {
  it.each<[string, number, string, unknown]>([
    [
      "Infura's cap on results (-32005, otherwise its rate limit)",
      -32005,
      'query returned more than 10000 results. Try with this block range [0x16C5A22, 0x16C5A80].',
      { from: '0x16C5A22', limit: 10000, to: '0x16C5A80' },
    ],
    [
      "Alchemy's cap on the response size",
      -32602,
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x16c5a22, 0x16c5a80]',
      undefined,
    ],
    [
      "Avalanche's public API's cap on blocks",
      -32000,
      'requested too many blocks from 0 to 5000, maximum is set to 2048',
      undefined,
    ],
    [
      'a cap on results naming the range to retry',
      -32602,
      'query exceeds max results 20000, retry with the range 23879634-23879696',
      undefined,
    ],
    ['a cap on blocks in thousands', -32000, 'eth_getLogs range is too large, max is 1k blocks', undefined],
    ['a cap on blocks as a limit', -32000, 'eth_getLogs is limited to 1024 block range', undefined],
    ['a cap on blocks as a maximum', -32000, 'query exceeds max block range 100000', undefined],
  ])(
    '%s is a refusal, and no endpoint failure: asked again unchanged, it is refused again',
    (_, code, message, data) => {
      const error = nodeError(code, message, data)
      expect(isLogQueryRefusal(error)).toBe(true)
      expect(isEndpointFailure(error)).toBe(false)
      // However the read wraps it.
      expect(isLogQueryRefusal(new Error('The history could not be read.', { cause: error }))).toBe(true)
    },
  )

  it.each<[string, Error]>([
    ["Infura's rate limit", nodeError(-32005, 'Too Many Requests')],
    [
      "Infura's rate limit per project",
      nodeError(-32005, 'project ID request rate exceeded', {
        see: 'https://infura.io/dashboard',
        current_rps: 13.333,
        allowed_rps: 10,
        backoff_seconds: 30,
      }),
    ],
    [
      'an HTTP 429',
      new HttpRequestError({ url: 'https://rpc.example.org', status: 429, body: { method: 'eth_getLogs' } }),
    ],
  ])('%s is no refusal, but an endpoint failure: the same query may pass later', (_, error) => {
    expect(isLogQueryRefusal(error)).toBe(false)
    expect(isEndpointFailure(error)).toBe(true)
  })

  it.each<[string, Error]>([
    ['a revert', nodeError(3, 'execution reverted')],
    ['a block the node does not have', nodeError(-32000, 'header not found')],
    // It names a range, but says how far the node has synced, not how big the query is.
    ['a range past the node’s head', nodeError(-32602, 'block range extends beyond current head block')],
    ['a node that keeps no history', nodeError(-32000, 'historical logs are not available on this node')],
  ])('%s is neither', (_, error) => {
    expect(isLogQueryRefusal(error)).toBe(false)
    expect(isEndpointFailure(error)).toBe(false)
  })
})

describe('isAnswerBehind', () => {
  it('tells a read that kept getting answers from below the figures shown, as an endpoint failure', () => {
    const behind = new AnswerBehindError(97n, 100n)
    expect(behind.message).toBe('The network answered from block 97, before block 100 of the figures shown.')
    expect(isAnswerBehind(behind)).toBe(true)
    expect(isAnswerBehind(new Error('The query failed.', { cause: behind }))).toBe(true)
    expect(isEndpointFailure(behind)).toBe(true)
  })

  it('is false for other endpoint failures', () => {
    expect(isAnswerBehind(nodeError(-32005, 'Too Many Requests'))).toBe(false)
    expect(isAnswerBehind(new TimeoutError({ body: { method: 'eth_call' }, url: 'https://rpc.example.org' }))).toBe(
      false,
    )
  })
})
