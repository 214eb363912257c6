// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  hexToBytes,
  parseAbi,
  zeroAddress,
} from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WagmiProvider } from 'wagmi'
import type { AppConfig } from '../../config/env'
import { DEMO_LINKS } from '../../config/publicLinks'
import { WithI18n } from '../../i18n/testing'
import { createWagmiConfig } from '../../wallet/wagmi'
import { WatchForm } from './WatchForm'

const VITALIK: Address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const RESOLVER: Address = '0x231b0Ee14048e9dCcD1d247744d114a4EB5E8E63'
const universalResolver = mainnet.contracts.ensUniversalResolver.address
const multicall3 = mainnet.contracts.multicall3.address
const resolveAbi = parseAbi([
  'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
])
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])
const aggregate3Abi = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])',
])

/** Every name the stubbed resolver was asked for. */
const asked: string[] = []

/** The name in DNS wire format, as the universal resolver receives it: length-prefixed labels. */
function wireName(name: Hex): string {
  const bytes = hexToBytes(name)
  const labels: string[] = []
  for (let at = 0; bytes[at]; at += (bytes[at] ?? 0) + 1) {
    labels.push(new TextDecoder().decode(bytes.slice(at + 1, at + 1 + (bytes[at] ?? 0))))
  }
  return labels.join('.')
}

/** What the stubbed universal resolver answers for `data` (a `resolveWithGateways` call); records the name asked. */
function resolve(data: Hex): Hex {
  const { args } = decodeFunctionData({ abi: resolveAbi, data })
  const name = wireName(args[0])
  asked.push(name)
  const address = name === 'vitalik.eth' ? VITALIK : zeroAddress
  const result = encodeFunctionResult({ abi: addrAbi, functionName: 'addr', result: address })
  return encodeFunctionResult({ abi: resolveAbi, functionName: 'resolveWithGateways', result: [result, RESOLVER] })
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The RPC's answer: Ethereum's ENS universal resolver, stubbed, called directly or inside a Multicall3 batch (wagmi
 * batches reads). "vitalik.eth" has an address, any other name has none (the resolver answers the zero address).
 */
function answer(method: string, params: unknown): unknown {
  if (method === 'eth_chainId') return '0x1'
  const [call] = Array.isArray(params) ? params : []
  if (method === 'eth_call' && same(call?.to ?? '', universalResolver)) return resolve(call.data)
  if (method === 'eth_call' && same(call?.to ?? '', multicall3)) {
    const { args } = decodeFunctionData({ abi: aggregate3Abi, data: call.data })
    const result = args[0].map(({ target, callData }) => {
      if (!same(target, universalResolver)) throw new Error(`unexpected call to ${target}`)
      return { success: true, returnData: resolve(callData) }
    })
    return encodeFunctionResult({ abi: aggregate3Abi, functionName: 'aggregate3', result })
  }
  throw new Error(`unexpected RPC call ${method}`)
}

const RPC_URL = 'https://rpc.ethereum.test/'

/** The RPC endpoint of the build, as the page's fetch reaches it. */
async function rpcFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (String(input) !== RPC_URL) throw new TypeError(`fetch to ${String(input)}`)
  type Call = { id: number; method: string; params?: unknown }
  const body = JSON.parse(String(init?.body)) as Call | Call[]
  // The app batches the calls made in the same moment.
  const reply = (call: Call) => ({ jsonrpc: '2.0', id: call.id, result: answer(call.method, call.params) })
  return Response.json(Array.isArray(body) ? body.map(reply) : reply(body))
}

/** The form inside the app's own wagmi configuration for an Ethereum build. */
function renderForm() {
  const appConfig: AppConfig = {
    chainId: 1,
    rpcUrls: [RPC_URL],
    vestingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    legacyAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    walletConnectProjectId: undefined,
    links: DEMO_LINKS,
    deploymentBlock: 0n,
    walletConnectRelayUrl: undefined,
    knownDeployment: undefined,
  }
  render(
    <WagmiProvider config={createWagmiConfig(appConfig, 'desktop')}>
      <WatchForm />
    </WagmiProvider>,
    { wrapper: WithI18n },
  )
}

async function watch(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Watch an address without connecting' }), {
    target: { value: text },
  })
  const button = screen.getByRole('button', { name: 'Watch' })
  fireEvent.click(button)
  expect(button).toHaveProperty('disabled', true)
  // The ENS code loads on first use: give it time.
  await waitFor(() => expect(button).toHaveProperty('disabled', false), { timeout: 15_000 })
}

afterEach(cleanup)
afterEach(() => vi.unstubAllGlobals())
beforeEach(() => {
  vi.stubGlobal('fetch', rpcFetch)
  asked.length = 0
  window.history.replaceState(null, '', '/')
})

// The first lookup loads viem's ENS code, which takes a few seconds in this environment.
describe('WatchForm on Ethereum', { timeout: 30_000 }, () => {
  it('looks an ENS name up and watches its address', async () => {
    renderForm()
    await watch('Vitalik.eth')
    expect(window.location.search).toBe(`?address=${VITALIK}`)
    expect(asked).toEqual(['vitalik.eth'])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says so when a name has no address, and watches nothing', async () => {
    renderForm()
    await watch('nobody.eth')
    expect(screen.getByRole('alert').textContent).toBe('No address is registered for the ENS name "nobody.eth".')
    expect(asked).toEqual(['nobody.eth'])
    expect(window.location.search).toBe('')
  })
})
