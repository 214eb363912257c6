import { t } from '@lingui/core/macro'
import { holderRpcKey } from '../domain/storedKeys'
import { localStorageStore } from '../lib/store'

/**
 * The holder's own RPC endpoint, kept on this device only: when set, reads go to it first and to the build's
 * endpoints after it. One per chain, so that builds for different chains on one origin do not share it.
 */
export function holderRpcStore(chainId: number) {
  return localStorageStore<string | undefined>(holderRpcKey(chainId), {
    parse: (raw) => (isHttpUrl(raw) ? raw : undefined),
    serialize: (url) => url,
    empty: undefined,
  })
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** How long the check of a new endpoint may take before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 8_000

export type RpcCheck = { ok: true; url: string } | { ok: false; message: string }

/** Checks `text` as an RPC endpoint for the chain `chainId` (named `chainName`) by asking it for its chain id. */
export async function checkRpcUrl(
  text: string,
  chainId: number,
  chainName: string,
  fetchFn: typeof fetch = fetch,
): Promise<RpcCheck> {
  const url = text.trim()
  if (!isHttpUrl(url)) return { ok: false, message: t`Enter an RPC address starting with https:// (or http://).` }
  let answer: unknown
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    })
    answer = response.ok ? await response.json() : undefined
  } catch {
    answer = undefined
  }
  const result = typeof answer === 'object' && answer !== null && 'result' in answer ? answer.result : undefined
  if (typeof result !== 'string' || !/^0x[0-9a-f]+$/i.test(result)) {
    return { ok: false, message: t`This RPC did not answer. Check the address, or try another one.` }
  }
  const answered = Number(BigInt(result))
  if (answered !== chainId) {
    return { ok: false, message: t`This RPC serves chain ${answered}, not ${chainName} (chain ${chainId}).` }
  }
  return { ok: true, url }
}
