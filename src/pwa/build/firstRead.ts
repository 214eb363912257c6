import { type Address, createClient, custom } from 'viem'
import { multicall } from 'viem/actions'
import { chainFor, multicall3Address } from '../../config/chains'
import type { AppConfig } from '../../config/env'
import { floorKey } from '../../domain/readFloor'
import { HOLDINGS_AT, HOLDINGS_MULTICALL, holdingsCalls } from '../../features/vesting/holdingsCalls'
import type { FirstReadSpec } from '../shell/firstRead'

/** The holder the build writes the read for; the shell script puts the page's holder in its place. */
const PLACEHOLDER: Address = '0x5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed'
/** A second holder, to check that the placeholder is all that differs from one holder's read to another's. */
const CHECK: Address = '0x0123456789abcdef0123456789abcdef01234567'

/** The `eth_call` parameters the app's client sends for `holder`'s multicall, caught before they are sent. */
async function holdingsCallParams(config: AppConfig, token: Address, holder: Address): Promise<unknown[]> {
  const chain = chainFor(config)
  let sent: unknown[] | undefined
  const client = createClient({
    chain,
    // As the app's wagmi client is set up.
    batch: { multicall: true },
    transport: custom(
      {
        async request({ method, params }) {
          if (method === 'eth_call') sent = params as unknown[]
          throw new Error('Not sent: the build only records the request.')
        },
      },
      { retryCount: 0 },
    ),
  })
  await multicall(client, {
    contracts: holdingsCalls(config, multicall3Address(chain), holder, token),
    ...HOLDINGS_MULTICALL,
  }).catch(() => undefined)
  if (!sent) throw new Error("The holder's multicall sent no eth_call.")
  return sent
}

/**
 * The app's first read of a holder, for the shell script to send as the page opens (see `shell/firstRead`): only for
 * a build that carries the deployment's facts, whose first read is the holder's multicall alone.
 */
export async function firstReadSpec(config: AppConfig): Promise<FirstReadSpec | undefined> {
  const token = config.knownDeployment?.token
  if (!token) return undefined
  const params = await holdingsCallParams(config, token, PLACEHOLDER)
  const placeholder = PLACEHOLDER.slice(2)
  const check = await holdingsCallParams(config, token, CHECK)
  if (JSON.stringify(params).replaceAll(placeholder, CHECK.slice(2)) !== JSON.stringify(check)) {
    throw new Error("The holder's multicall differs from one holder to another in more than the address.")
  }
  return {
    urls: [...chainFor(config).rpcUrls.default.http],
    chainId: config.chainId,
    params,
    placeholder,
    floorKey: floorKey(config, PLACEHOLDER),
    at: HOLDINGS_AT,
  }
}
