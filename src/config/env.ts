import { type Address, getAddress, isAddress, zeroAddress } from 'viem'
import { type Deployment, parseKnownDeployment } from './knownDeployment'
import { type PublicLinks, parseDeploymentFacts } from './publicLinks'
import { read } from './variable'

/** The chains a build can target: Ethereum, Avalanche C-Chain, and the local anvil chain. */
export const SUPPORTED_CHAIN_IDS = [1, 43114, 31337] as const
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number]

/** The app's settings for one build, validated once at start-up. */
export type AppConfig = {
  chainId: SupportedChainId
  /** The RPC endpoints to use, in order of preference; the chain's public endpoint comes after them. */
  rpcUrls: readonly string[]
  vestingAddress: Address
  legacyAddress: Address
  /** `undefined` leaves WalletConnect-based wallets out. */
  walletConnectProjectId: string | undefined
  /** The blog articles and social profiles the layout links to. */
  links: PublicLinks
  /** The first block that can hold the contracts' events: a holder's statement is read from here. */
  deploymentBlock: bigint
  /** The WalletConnect relay; `undefined` means WalletConnect's own. */
  walletConnectRelayUrl: string | undefined
  /** The deployment's facts when the build carries them: shown at once, and checked against the chain. */
  knownDeployment: Deployment | undefined
}

/** One problem with one environment variable, worded for the configuration error page. */
export type ConfigError = { variable: string; message: string }

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; errors: ConfigError[] }

type Field<T> = { value: T } | { error: string }

const CHAIN_CHOICES = '1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil)'

function isSupportedChainId(value: number): value is SupportedChainId {
  return (SUPPORTED_CHAIN_IDS as readonly number[]).includes(value)
}

function parseChainId(value: string | undefined): Field<SupportedChainId> {
  if (value === undefined) return { error: `is not set. Set it to ${CHAIN_CHOICES}.` }
  const chainId = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!isSupportedChainId(chainId)) return { error: `"${value}" is not a supported chain. Use ${CHAIN_CHOICES}.` }
  return { value: chainId }
}

function parseRpcUrl(value: string): string | { error: string } {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { error: `"${value}" is not a URL. Use http:// or https:// addresses, or leave it empty.` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: `"${value}" is not an http:// or https:// URL.` }
  }
  return value
}

/** A comma-separated list of RPC URLs, each checked; empty entries (a trailing comma) are ignored. */
function parseRpcUrls(value: string | undefined): Field<readonly string[]> {
  const urls: string[] = []
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue
    const url = parseRpcUrl(entry)
    if (typeof url !== 'string') return url
    if (!urls.includes(url)) urls.push(url)
  }
  return { value: urls }
}

function parseContractAddress(value: string | undefined, contract: string): Field<Address> {
  if (value === undefined) return { error: `is not set. Set it to the address of the ${contract} contract.` }
  if (!isAddress(value, { strict: false })) {
    return { error: `"${value}" is not an address (expected 0x followed by 40 hexadecimal digits).` }
  }
  const address = getAddress(value)
  if (address === zeroAddress) return { error: `is the zero address. Set it to the ${contract} contract's address.` }
  return { value: address }
}

function parseWalletConnectProjectId(value: string | undefined): Field<string | undefined> {
  if (value === undefined) return { value: undefined }
  // Project ids are plain letters and digits; anything else is a paste error (quotes, spaces).
  if (!/^[A-Za-z0-9_-]+$/.test(value)) {
    return { error: 'is not a WalletConnect project id (letters and digits only). Leave it empty to go without.' }
  }
  return { value }
}

function parseRelayUrl(value: string | undefined): Field<string | undefined> {
  if (value === undefined) return { value: undefined }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { error: `"${value}" is not a URL. Use a wss:// (or, on this machine, ws://) address, or leave it empty.` }
  }
  if (url.protocol !== 'wss:' && url.protocol !== 'ws:') return { error: `"${value}" is not a ws:// or wss:// URL.` }
  return { value }
}

/**
 * Validates the build's environment. Returns every problem at once, each naming its variable, so that the
 * configuration error page can list them all.
 */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const errors: ConfigError[] = []
  const take = <T>(variable: string, field: Field<T>): T | undefined => {
    if ('error' in field) {
      errors.push({ variable, message: `${variable} ${field.error}` })
      return undefined
    }
    return field.value
  }

  const chainId = take('VITE_CHAIN_ID', parseChainId(read(env, 'VITE_CHAIN_ID')))
  const rpcUrls = take('VITE_RPC_URLS', parseRpcUrls(read(env, 'VITE_RPC_URLS')))
  if (read(env, 'VITE_RPC_URL') !== undefined) {
    errors.push({
      variable: 'VITE_RPC_URL',
      message: 'VITE_RPC_URL is no longer read. Put the RPC URL in VITE_RPC_URLS (a comma-separated list).',
    })
  }
  const vestingAddress = take(
    'VITE_VESTING_ADDRESS',
    parseContractAddress(read(env, 'VITE_VESTING_ADDRESS'), 'vesting'),
  )
  const legacyAddress = take(
    'VITE_LEGACY_ADDRESS',
    parseContractAddress(read(env, 'VITE_LEGACY_ADDRESS'), 'legacy claim'),
  )
  const walletConnectProjectId = take(
    'VITE_WALLETCONNECT_PROJECT_ID',
    parseWalletConnectProjectId(read(env, 'VITE_WALLETCONNECT_PROJECT_ID')),
  )
  const walletConnectRelayUrl = take(
    'VITE_WALLETCONNECT_RELAY_URL',
    parseRelayUrl(read(env, 'VITE_WALLETCONNECT_RELAY_URL')),
  )
  if (vestingAddress !== undefined && vestingAddress === legacyAddress) {
    errors.push({
      variable: 'VITE_LEGACY_ADDRESS',
      message: 'VITE_LEGACY_ADDRESS is the same as VITE_VESTING_ADDRESS; the two contracts have different addresses.',
    })
  }

  const facts = chainId === undefined ? undefined : parseDeploymentFacts(env, chainId)
  if (facts && !facts.ok) errors.push(...facts.errors)
  const known = parseKnownDeployment(env)
  if (!known.ok) errors.push(...known.errors)

  if (
    errors.length > 0 ||
    chainId === undefined ||
    rpcUrls === undefined ||
    vestingAddress === undefined ||
    legacyAddress === undefined ||
    !facts?.ok ||
    !known.ok
  ) {
    return { ok: false, errors }
  }
  const { links, deploymentBlock } = facts.facts
  return {
    ok: true,
    config: {
      chainId,
      rpcUrls,
      vestingAddress,
      legacyAddress,
      walletConnectProjectId,
      walletConnectRelayUrl,
      links,
      deploymentBlock,
      knownDeployment: known.deployment,
    },
  }
}
