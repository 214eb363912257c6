// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Anvil, startAnvil } from '../../scripts/lib/anvil'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { createTestProvider, type ProviderInfo, type ProviderReply, type TestProviderOptions } from './testProvider'

const [, ALICE, BOB] = ANVIL_ACCOUNTS
const storage = { account: 'test.account', approved: 'test.approved' }

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(() => anvil?.stop())
beforeEach(() => localStorage.clear())

function walletOn(url: string, extra: Partial<TestProviderOptions> = {}) {
  return createTestProvider({
    chainId: 31337,
    node: { url },
    wallet: { accounts: ANVIL_ACCOUNTS, account: ALICE, storage },
    ...extra,
  })
}

describe('a test wallet that answers for itself', () => {
  it('shows the site no account until the site asks, and remembers the approval', async () => {
    const provider = walletOn(anvil.rpcUrl)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ALICE])
    expect(await walletOn(anvil.rpcUrl).request({ method: 'eth_accounts' })).toEqual([ALICE])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([{ parentCapability: 'eth_accounts' }])
    await provider.request({ method: 'wallet_revokePermissions' })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('switches accounts, tells the page, and keeps the choice', async () => {
    const provider = walletOn(anvil.rpcUrl)
    await provider.request({ method: 'eth_requestAccounts' })
    const changed = vi.fn()
    provider.on('accountsChanged', changed)
    provider.selectAccount(BOB)
    expect(changed).toHaveBeenCalledWith([BOB])
    expect(provider.selectedAccount).toBe(BOB)
    expect(await walletOn(anvil.rpcUrl).request({ method: 'eth_accounts' })).toEqual([BOB])
    provider.removeListener('accountsChanged', changed)
    provider.selectAccount(ALICE)
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('answers chain and asset requests, and sends everything else to the node', async () => {
    const provider = walletOn(anvil.rpcUrl)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    expect(await provider.request({ method: 'wallet_watchAsset', params: {} })).toBe(true)
    expect(await provider.request({ method: 'eth_getBalance', params: [ALICE, 'latest'] })).toBe(
      '0x21e19e0c9bab2400000',
    )
  })

  it("throws the node's error with its code", async () => {
    const provider = walletOn(anvil.rpcUrl)
    await expect(provider.request({ method: 'eth_noSuchMethod' })).rejects.toMatchObject({ code: -32601 })
  })
})

describe('a test wallet bridged to the test', () => {
  it('sends every request to the binding and throws its errors with code and data', async () => {
    const seen: unknown[] = []
    const bridge = async (request: unknown): Promise<ProviderReply> => {
      seen.push(request)
      return (request as { method: string }).method === 'eth_chainId'
        ? { result: '0x1' }
        : { error: { code: 4001, message: 'User rejected the request.', data: 'why' } }
    }
    Object.assign(window, { testBridge: bridge })
    const provider = createTestProvider({ chainId: 31337, node: { binding: 'testBridge' } })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    await expect(provider.request({ method: 'eth_requestAccounts', params: [] })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
      data: 'why',
    })
    expect(seen).toEqual([
      { method: 'eth_chainId', params: undefined },
      { method: 'eth_requestAccounts', params: [] },
    ])
  })

  it('is announced through EIP-6963, set as window.ethereum, and lets the test raise its events', () => {
    const info: ProviderInfo = { uuid: 'u-1', name: 'Test Wallet', icon: 'data:,', rdns: 'test.wallet' }
    const announced: { info: ProviderInfo; provider: unknown }[] = []
    const listen = (event: Event) => announced.push((event as CustomEvent).detail)
    window.addEventListener('eip6963:announceProvider', listen)
    const provider = createTestProvider({
      chainId: 31337,
      node: { binding: 'testBridge' },
      announce: info,
      flags: { isTestWallet: true },
      emitter: 'testEmit',
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', listen)
    expect(announced).toEqual([
      { info, provider },
      { info, provider },
    ])
    expect((window as { ethereum?: unknown }).ethereum).toBe(provider)
    expect((provider as unknown as { isTestWallet: boolean }).isTestWallet).toBe(true)

    const chainChanged = vi.fn()
    provider.on('chainChanged', chainChanged)
    ;(window as unknown as { testEmit: (event: string, payload: unknown) => void }).testEmit('chainChanged', '0x1')
    expect(chainChanged).toHaveBeenCalledWith('0x1')
  })
})
