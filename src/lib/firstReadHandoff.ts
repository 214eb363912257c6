/**
 * The holder's first read, handed from the page's shell script, which sends it as the page opens, to the app's RPC
 * transport, which takes its answer instead of sending the same request again.
 */

/** The read as the shell script sent it: its `eth_call` parameters (JSON) and its answer's result. */
type SentRead = { params: string; answer: Promise<string | undefined> }

/** Where the shell script leaves the read, on the page's global object. */
const SENT = '__naiFirstRead'

type WithSent = { [SENT]?: SentRead }

/** Leaves the read the shell script sent for the app: `answer` resolves with its result, or `undefined` if it failed. */
export function leaveFirstRead(params: unknown, answer: Promise<string | undefined>): void {
  ;(globalThis as WithSent)[SENT] = { params: JSON.stringify(params), answer }
}

/**
 * For the app's transport: the answer of the read the shell script sent, when `method` and `params` are that read's
 * (taken once); `undefined` for any other request.
 */
export function takeFirstRead(method: string, params: unknown): Promise<string | undefined> | undefined {
  const sent = (globalThis as WithSent)[SENT]
  if (!sent || method !== 'eth_call' || JSON.stringify(params) !== sent.params) return undefined
  delete (globalThis as WithSent)[SENT]
  return sent.answer
}
