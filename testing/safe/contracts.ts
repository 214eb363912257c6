/**
 * A real Safe 1.4.1 on the local chain, with viem only: the singletons deployed from the audited artifacts of
 * `@safe-global/safe-contracts`, Safes created through the proxy factory, and the encodings Safe{Wallet} sends them
 * (EIP-712 `SafeTx`, MultiSendCallOnly's packed calls).
 */
import { createRequire } from 'node:module'
import {
  type Account,
  type Address,
  type Chain,
  concatHex,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseEventLogs,
  publicActions,
  size,
  type TransactionReceipt,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../../src/config/anvil'

const require = createRequire(import.meta.url)
const ARTIFACTS = '@safe-global/safe-contracts/build/artifacts/contracts'

function artifactBytecode(path: string): Hex {
  const artifact: unknown = require(`${ARTIFACTS}/${path}`)
  if (typeof artifact !== 'object' || artifact === null || !('bytecode' in artifact)) {
    throw new Error(`${path} is not a contract artifact.`)
  }
  const { bytecode } = artifact
  if (typeof bytecode !== 'string' || !bytecode.startsWith('0x') || bytecode.length < 4) {
    throw new Error(`${path} has no bytecode.`)
  }
  return bytecode as Hex
}

/** The parts of Safe 1.4.1's ABI the harness uses (checked against the artifacts by the test). */
export const safeAbi = parseAbi([
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function nonce() view returns (uint256)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function VERSION() view returns (string)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
])
export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
])
export const multiSendCallOnlyAbi = parseAbi(['function multiSend(bytes transactions) payable'])

/** `keccak256("fallback_manager.handler.address")`: where a Safe keeps its fallback handler. */
export const FALLBACK_HANDLER_SLOT = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5'
/** `keccak256("guard_manager.guard.address")`: where a Safe keeps its guard. */
export const GUARD_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8'

export type SafeSingletons = {
  safeL2: Address
  proxyFactory: Address
  fallbackHandler: Address
  multiSendCallOnly: Address
}

/** Safe 1.4.1's `SafeTx` EIP-712 type, as the portal hashes it. */
export { SAFE_TX_TYPES } from '../../src/wallet/safeTransaction'

export type SafeTx = {
  to: Address
  value: bigint
  data: Hex
  /** 0: call, 1: delegatecall. */
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
  nonce: bigint
}

/** One call as an app sends it through the SDK (`value` decimal or 0x-hex string, or a number). */
export type SafeCall = {
  to: string
  value?: bigint | string | number
  data?: string
}

export function chainFor(rpcUrl: string, id: number): Chain {
  return defineChain({
    id,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

async function rpcChainId(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  const reply = (await response.json()) as { result?: string }
  if (typeof reply.result !== 'string') throw new Error(`${rpcUrl} answered eth_chainId with ${JSON.stringify(reply)}`)
  return Number(reply.result)
}

export function clientFor(rpcUrl: string, chain: Chain, account: Account) {
  return createWalletClient({ chain, account, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 25 }).extend(
    publicActions,
  )
}

async function deployerClient(rpcUrl: string) {
  const [key] = ANVIL_PRIVATE_KEYS
  return clientFor(rpcUrl, chainFor(rpcUrl, await rpcChainId(rpcUrl)), privateKeyToAccount(key))
}

export function requireSuccess(receipt: TransactionReceipt, what: string): TransactionReceipt {
  if (receipt.status !== 'success') throw new Error(`${what} reverted (transaction ${receipt.transactionHash}).`)
  return receipt
}

/**
 * Deploys SafeL2, SafeProxyFactory, CompatibilityFallbackHandler and MultiSendCallOnly 1.4.1 from anvil's account #0
 * (four of its nonces: deploy the portal's contracts first when their addresses are fixed by #0's first nonces).
 */
export async function deploySafeSingletons(rpcUrl: string): Promise<SafeSingletons> {
  const client = await deployerClient(rpcUrl)
  const names = ['safeL2', 'proxyFactory', 'fallbackHandler', 'multiSendCallOnly'] as const
  const paths = {
    safeL2: 'SafeL2.sol/SafeL2.json',
    proxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
    fallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
    multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  } as const
  // All four are sent at once (explicit nonces), so that an interval-mining chain mines them in one block.
  const first = await client.getTransactionCount({ address: client.account.address, blockTag: 'pending' })
  const hashes = await Promise.all(
    names.map((name, index) =>
      client.sendTransaction({ data: artifactBytecode(paths[name]), nonce: first + index, to: null }),
    ),
  )
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
  const deployed: Partial<SafeSingletons> = {}
  receipts.forEach((receipt, index) => {
    const name = names[index]
    if (!name) return
    requireSuccess(receipt, `Deploying ${name}`)
    if (!receipt.contractAddress) throw new Error(`Deploying ${name} created no contract.`)
    deployed[name] = getAddress(receipt.contractAddress)
  })
  const { safeL2, proxyFactory, fallbackHandler, multiSendCallOnly } = deployed
  if (!safeL2 || !proxyFactory || !fallbackHandler || !multiSendCallOnly)
    throw new Error('A Safe singleton is missing.')
  return { safeL2, proxyFactory, fallbackHandler, multiSendCallOnly }
}

/**
 * Creates a Safe (a proxy to SafeL2, set up with `owners`, `threshold` and the fallback handler) from anvil's account
 * #0 and returns its address from the factory's `ProxyCreation` event. The same owners, threshold and `saltNonce`
 * (default 0) give the same address, so a second such Safe needs another `saltNonce`.
 */
export async function createSafe(
  rpcUrl: string,
  singletons: SafeSingletons,
  options: { owners: Address[]; threshold: number; saltNonce?: bigint },
): Promise<Address> {
  const client = await deployerClient(rpcUrl)
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      options.owners,
      BigInt(options.threshold),
      zeroAddress,
      '0x',
      singletons.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const hash = await client.writeContract({
    address: singletons.proxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [singletons.safeL2, initializer, options.saltNonce ?? 0n],
  })
  const receipt = requireSuccess(await client.waitForTransactionReceipt({ hash }), 'Creating the Safe')
  const [created] = parseEventLogs({ abi: safeProxyFactoryAbi, eventName: 'ProxyCreation', logs: receipt.logs })
  if (!created) throw new Error(`Creating the Safe emitted no ProxyCreation event (transaction ${hash}).`)
  return getAddress(created.args.proxy)
}

/** MultiSend's packed encoding: per call `uint8 operation, address to, uint256 value, uint256 length, bytes data`. */
export function encodeMultiSend(calls: readonly { to: Address; value: bigint; data: Hex }[]): Hex {
  return concatHex(
    calls.map((call) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [0, call.to, call.value, BigInt(size(call.data)), call.data],
      ),
    ),
  )
}
