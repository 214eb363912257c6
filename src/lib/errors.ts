import {
  type Abi,
  BaseError,
  type ContractErrorArgs,
  type ContractErrorName,
  type DecodeErrorResultReturnType,
  decodeErrorResult,
  encodeErrorResult,
  type Hex,
  isHex,
} from 'viem'

/** What the UI does with a failure: stay quiet when the user said no, otherwise show `message` (translated). */
export type ErrorDescription = { kind: 'rejected' } | { kind: 'failed'; message: string }

/** Solidity's own errors: `require(…, "message")` and a panic (overflow, division by zero, …). */
export const SOLIDITY_ERRORS = [
  { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
] as const

/** A sentence for each custom error an audience can meet, made from the error's arguments. */
export type ErrorSentences<abi extends Abi, Context> = {
  [name in ContractErrorName<abi>]?: (args: ContractErrorArgs<abi, name>, context: Context) => string
}

export type ErrorLink = {
  name?: unknown
  code?: unknown
  data?: unknown
  raw?: unknown
  shortMessage?: unknown
  metaMessages?: unknown
}

/**
 * The error and its causes, outermost first: viem's `walk` for viem's errors, the same path by hand for the plain
 * objects wallet SDKs throw. Stops on a cycle.
 */
export function errorCauses(error: unknown): ErrorLink[] {
  const links: ErrorLink[] = []
  const seen = new Set<unknown>()
  /** Records `cause`; true stops the walk. */
  const visit = (cause: unknown): boolean => {
    if (typeof cause !== 'object' || cause === null || seen.has(cause) || links.length >= 32) return true
    seen.add(cause)
    links.push(cause)
    return false
  }
  if (error instanceof BaseError) error.walk(visit)
  else {
    let cause: unknown = error
    while (!visit(cause)) cause = (cause as { cause?: unknown }).cause
  }
  return links
}

/** EIP-1193 "User Rejected Request". */
const USER_REJECTED_CODE = 4001
/**
 * How Safe{Wallet} answers an app whose transaction an owner declined (it closed the review): these exact words, no
 * code.
 */
const SAFE_REJECTION_MESSAGE = 'Transaction was rejected'
/**
 * How Safe{Wallet} answers over WalletConnect when an owner closes its review: its provider turns every failure into
 * code -32000 with the failure's message, and a closed review fails with these words.
 */
const SAFE_WALLETCONNECT_REJECTION = {
  code: -32000,
  messages: ['User rejected transaction', 'User rejected signature'],
}

/** The holder declined in the wallet (or, for a Safe, an owner closed Safe{Wallet}'s review). */
export function isUserRejection(error: unknown): boolean {
  return errorCauses(error).some((link) => {
    const { message } = link as { message?: unknown }
    return (
      link.name === 'UserRejectedRequestError' ||
      link.code === USER_REJECTED_CODE ||
      message === SAFE_REJECTION_MESSAGE ||
      (link.code === SAFE_WALLETCONNECT_REJECTION.code &&
        SAFE_WALLETCONNECT_REJECTION.messages.includes(String(message)))
    )
  })
}

/**
 * WalletConnect's SDK giving up on the wallet's answer to a request after its five minutes ("Request expired. Please
 * try again."): the wallet may still have sent the transaction.
 */
export function isWalletRequestExpiry(error: unknown): boolean {
  return errorCauses(error).some((link) => /^Request expired\b/.test(String((link as { message?: unknown }).message)))
}

/** Revert data anywhere in the causes: viem's `raw`, a node's `data`, or a wallet's nested `data.data`. */
export function revertData(error: unknown): Hex[] {
  const found: Hex[] = []
  const add = (value: unknown) => {
    if (typeof value === 'string' && isHex(value) && value.length >= 10) found.push(value)
  }
  for (const link of errorCauses(error)) {
    add(link.raw)
    const { data } = link
    add(data)
    if (typeof data === 'object' && data !== null) {
      if ('data' in data) add(data.data)
      if ('originalError' in data && typeof data.originalError === 'object' && data.originalError !== null) {
        if ('data' in data.originalError) add(data.originalError.data)
      }
    }
  }
  return found
}

/** viem's decoded revert (`ContractFunctionRevertedError.data`), for when the raw bytes were not kept. */
function namedRevert(error: unknown): { errorName: string; args: readonly unknown[] } | undefined {
  for (const { data } of errorCauses(error)) {
    if (typeof data !== 'object' || data === null || !('errorName' in data) || typeof data.errorName !== 'string') {
      continue
    }
    return { errorName: data.errorName, args: 'args' in data && Array.isArray(data.args) ? data.args : [] }
  }
  return undefined
}

/** The custom error (one of `abi`'s) that a failed call or transaction reverted with. */
export function decodeRevert<const abi extends Abi>(
  error: unknown,
  abi: abi,
): DecodeErrorResultReturnType<abi> | undefined {
  for (const data of revertData(error)) {
    try {
      return decodeErrorResult({ abi, data })
    } catch {
      // Not one of ours; try the next candidate.
    }
  }
  const named = namedRevert(error)
  if (!named) return undefined
  try {
    // Re-encoding checks the arguments against the ABI and gives them their types.
    const untyped: Abi = abi
    return decodeErrorResult({ abi, data: encodeErrorResult({ abi: untyped, ...named }) })
  } catch {
    return undefined
  }
}

/** The audience's sentence for a decoded error, or `undefined` when its table has none. */
export function revertSentence<abi extends Abi, Context>(
  decoded: DecodeErrorResultReturnType<abi>,
  sentences: ErrorSentences<abi, Context>,
  context: Context,
): string | undefined {
  const { errorName, args } = decoded as { errorName: ContractErrorName<abi>; args?: readonly unknown[] }
  const sentence = sentences[errorName] as ((args: readonly unknown[], context: Context) => string) | undefined
  return sentence?.(args ?? [], context)
}

/** Whether `link` is one of the errors `names` names. */
export const hasName = (link: ErrorLink, names: readonly string[]) =>
  typeof link.name === 'string' && names.includes(link.name)

export const NETWORK_ERROR_NAMES = ['HttpRequestError', 'TimeoutError', 'WebSocketRequestError', 'SocketClosedError']
/** The endpoints answered only from nodes behind the figures already shown (`lib/readFloors`). */
const BEHIND_ERROR_NAME = 'AnswerBehindError'
/**
 * True when the RPC endpoints, not the chain, failed the request: unreachable, timed out, rate-limited, answering
 * garbage or from nodes behind the figures shown. Such a request can succeed later unchanged. A log query refused for
 * its size is not one of them: asked again unchanged it is refused again (see {@link isLogQueryRefusal}).
 */
export function isEndpointFailure(error: unknown): boolean {
  if (isLogQueryRefusal(error)) return false
  return errorCauses(error).some(
    (link) =>
      hasName(link, NETWORK_ERROR_NAMES) ||
      link.name === BEHIND_ERROR_NAME ||
      link.code === LIMIT_EXCEEDED_CODE ||
      link.code === 429,
  )
}

/** Whether a read was asked again because the endpoints answered from nodes behind the figures shown. */
export function isAnswerBehind(error: unknown): boolean {
  return errorCauses(error).some((link) => link.name === BEHIND_ERROR_NAME)
}

/** JSON-RPC "Limit exceeded", which some nodes send with HTTP 200 when they rate-limit. */
const LIMIT_EXCEEDED_CODE = -32005

/**
 * How public endpoints refuse an `eth_getLogs` for its size (its blocks or its results), in their own words: Infura
 * ("query returned more than 10000 results", code -32005, which is otherwise its rate limit), Alchemy ("Log response
 * size exceeded"), Avalanche's public API ("requested too many blocks from … to …, maximum is set to 2048"), and the
 * wordings of other providers and node software for a range or a result count over their cap.
 */
const LOG_QUERY_REFUSALS = [
  /query returned more than \d+ results/i,
  /log response size exceeded/i,
  /response size (is )?(exceeded|too (big|large))/i,
  /too many blocks/i,
  /query exceeds max (results|block range)/i,
  /(block )?range (is )?too (large|wide|big)/i,
  /exceed(s|ed)? (the )?max(imum)? (block )?range/i,
  /limited to (a )?\d+[\s,]*block/i,
  /ranges? over \d+ blocks/i,
  /max(imum)? (allowed )?number of (requested )?blocks/i,
  /more than \d+ (logs|results|blocks)/i,
  /limit exceeded.*(logs|results|blocks)/i,
]

/** True when an endpoint refused a log query for its size: a narrower range may pass. */
export function isLogQueryRefusal(error: unknown): boolean {
  return errorCauses(error).some((link) => {
    const texts = [link.shortMessage, (link as { message?: unknown }).message, (link as { details?: unknown }).details]
    return texts.some((text) => typeof text === 'string' && LOG_QUERY_REFUSALS.some((pattern) => pattern.test(text)))
  })
}
