import { describe, expect, it } from 'vitest'
import { type ConfigError, parseConfig } from './env'
import { DEMO_LINKS } from './publicLinks'

const VESTING = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const LEGACY = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

const validEnv = {
  VITE_CHAIN_ID: '31337',
  VITE_RPC_URLS: 'http://127.0.0.1:8545',
  VITE_VESTING_ADDRESS: VESTING,
  VITE_LEGACY_ADDRESS: LEGACY,
  VITE_WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef',
}

/** What a build for a public chain must name besides the contracts. */
const publicFacts = {
  VITE_BLOG_ONBOARDING_URL: 'https://blog.nai.network/onboarding',
  VITE_BLOG_UPDATE_URL: 'https://blog.nai.network/update',
  VITE_TELEGRAM_URL: 'https://t.me/nai',
  VITE_X_URL: 'https://x.com/nai',
  VITE_DEPLOYMENT_BLOCK: '21080000',
}

function errorsFor(overrides: Record<string, string | undefined>): ConfigError[] {
  const result = parseConfig({ ...validEnv, ...overrides })
  return result.ok ? [] : result.errors
}

describe('parseConfig', () => {
  it('accepts a complete configuration', () => {
    expect(parseConfig(validEnv)).toEqual({
      ok: true,
      config: {
        chainId: 31337,
        rpcUrls: ['http://127.0.0.1:8545'],
        vestingAddress: VESTING,
        legacyAddress: LEGACY,
        walletConnectProjectId: '0123456789abcdef0123456789abcdef',
        links: DEMO_LINKS,
        deploymentBlock: 0n,
        walletConnectRelayUrl: undefined,
      },
    })
  })

  it('lists every missing required variable at once, and nothing for the optional ones', () => {
    expect(parseConfig({})).toEqual({
      ok: false,
      errors: [
        {
          variable: 'VITE_CHAIN_ID',
          message:
            'VITE_CHAIN_ID is not set. Set it to 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).',
        },
        {
          variable: 'VITE_VESTING_ADDRESS',
          message: 'VITE_VESTING_ADDRESS is not set. Set it to the address of the vesting contract.',
        },
        {
          variable: 'VITE_LEGACY_ADDRESS',
          message: 'VITE_LEGACY_ADDRESS is not set. Set it to the address of the legacy claim contract.',
        },
      ],
    })
  })

  describe('VITE_CHAIN_ID', () => {
    it.each<[string, 1 | 43114 | 31337]>([
      ['1', 1],
      ['43114', 43114],
      ['31337', 31337],
      [' 43114 ', 43114],
    ])('accepts "%s"', (value, chainId) => {
      const result = parseConfig({ ...validEnv, ...publicFacts, VITE_CHAIN_ID: value })
      expect(result.ok && result.config.chainId).toBe(chainId)
    })

    it.each<[string | undefined, string]>([
      [
        undefined,
        'VITE_CHAIN_ID is not set. Set it to 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).',
      ],
      ['', 'VITE_CHAIN_ID is not set. Set it to 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).'],
      [
        '5',
        'VITE_CHAIN_ID "5" is not a supported chain. Use 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).',
      ],
      [
        'mainnet',
        'VITE_CHAIN_ID "mainnet" is not a supported chain. Use 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).',
      ],
      [
        '1.0',
        'VITE_CHAIN_ID "1.0" is not a supported chain. Use 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).',
      ],
      [
        '-1',
        'VITE_CHAIN_ID "-1" is not a supported chain. Use 1 (Ethereum), 43114 (Avalanche C-Chain) or 31337 (local anvil).',
      ],
    ])('rejects %j', (value, message) => {
      expect(errorsFor({ VITE_CHAIN_ID: value })).toEqual([{ variable: 'VITE_CHAIN_ID', message }])
    })
  })

  describe('VITE_RPC_URLS', () => {
    it.each<[string | undefined, string[]]>([
      [undefined, []],
      ['', []],
      ['   ', []],
      ['https://api.avax.network/ext/bc/C/rpc', ['https://api.avax.network/ext/bc/C/rpc']],
      [' https://a.example.org , http://127.0.0.1:8545,', ['https://a.example.org', 'http://127.0.0.1:8545']],
      [
        'https://a.example.org,https://a.example.org,https://b.example.org',
        ['https://a.example.org', 'https://b.example.org'],
      ],
    ])('reads %j as %j', (value, rpcUrls) => {
      const result = parseConfig({ ...validEnv, VITE_RPC_URLS: value })
      expect(result).toEqual({ ok: true, config: expect.objectContaining({ rpcUrls }) })
    })

    it.each<[string, string]>([
      ['wss://rpc.example.org', 'VITE_RPC_URLS "wss://rpc.example.org" is not an http:// or https:// URL.'],
      [
        'https://a.example.org, ftp://rpc.example.org',
        'VITE_RPC_URLS "ftp://rpc.example.org" is not an http:// or https:// URL.',
      ],
      [
        'rpc.example.org',
        'VITE_RPC_URLS "rpc.example.org" is not a URL. Use http:// or https:// addresses, or leave it empty.',
      ],
    ])('rejects %j', (value, message) => {
      expect(errorsFor({ VITE_RPC_URLS: value })).toEqual([{ variable: 'VITE_RPC_URLS', message }])
    })

    it('names the old single-URL variable instead of ignoring it', () => {
      expect(errorsFor({ VITE_RPC_URL: 'https://rpc.example.org' })).toEqual([
        {
          variable: 'VITE_RPC_URL',
          message: 'VITE_RPC_URL is no longer read. Put the RPC URL in VITE_RPC_URLS (a comma-separated list).',
        },
      ])
    })
  })

  describe.each([
    ['VITE_VESTING_ADDRESS', 'vestingAddress', 'vesting'],
    ['VITE_LEGACY_ADDRESS', 'legacyAddress', 'legacy claim'],
  ] as const)('%s', (variable, key, contract) => {
    const address = variable === 'VITE_VESTING_ADDRESS' ? VESTING : LEGACY

    it.each<[string, string]>([
      ['checksummed', address],
      ['lower case', address.toLowerCase()],
      ['upper-case hex', `0x${address.slice(2).toUpperCase()}`],
      ['surrounded by spaces', ` ${address} `],
    ])('accepts an address in %s and returns it checksummed', (_, value) => {
      const result = parseConfig({ ...validEnv, [variable]: value })
      expect(result.ok && result.config[key]).toBe(address)
    })

    it.each<[string, string | undefined, string]>([
      ['missing', undefined, `${variable} is not set. Set it to the address of the ${contract} contract.`],
      ['empty', '', `${variable} is not set. Set it to the address of the ${contract} contract.`],
      [
        'too short',
        '0x1234',
        `${variable} "0x1234" is not an address (expected 0x followed by 40 hexadecimal digits).`,
      ],
      [
        'not hexadecimal',
        `0x${'g'.repeat(40)}`,
        `${variable} "0x${'g'.repeat(40)}" is not an address (expected 0x followed by 40 hexadecimal digits).`,
      ],
      [
        'without 0x',
        address.slice(2),
        `${variable} "${address.slice(2)}" is not an address (expected 0x followed by 40 hexadecimal digits).`,
      ],
      [
        'the zero address',
        '0x0000000000000000000000000000000000000000',
        `${variable} is the zero address. Set it to the ${contract} contract's address.`,
      ],
    ])('rejects a value that is %s', (_, value, message) => {
      expect(errorsFor({ [variable]: value })).toEqual([{ variable, message }])
    })
  })

  it('rejects the same address for both contracts', () => {
    expect(errorsFor({ VITE_LEGACY_ADDRESS: VESTING.toLowerCase() })).toEqual([
      {
        variable: 'VITE_LEGACY_ADDRESS',
        message: 'VITE_LEGACY_ADDRESS is the same as VITE_VESTING_ADDRESS; the two contracts have different addresses.',
      },
    ])
  })

  describe('VITE_WALLETCONNECT_PROJECT_ID', () => {
    it.each<[string | undefined, string | undefined]>([
      [undefined, undefined],
      ['', undefined],
      [' ', undefined],
      ['0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef'],
    ])('reads %j as %j', (value, walletConnectProjectId) => {
      const result = parseConfig({ ...validEnv, VITE_WALLETCONNECT_PROJECT_ID: value })
      expect(result).toEqual({ ok: true, config: expect.objectContaining({ walletConnectProjectId }) })
    })

    it.each(['"0123456789abcdef"', 'two words'])('rejects %j', (value) => {
      expect(errorsFor({ VITE_WALLETCONNECT_PROJECT_ID: value })).toEqual([
        {
          variable: 'VITE_WALLETCONNECT_PROJECT_ID',
          message:
            'VITE_WALLETCONNECT_PROJECT_ID is not a WalletConnect project id (letters and digits only). Leave it empty to go without.',
        },
      ])
    })
  })

  describe('VITE_WALLETCONNECT_RELAY_URL', () => {
    it.each<[string | undefined, string | undefined]>([
      [undefined, undefined],
      ['', undefined],
      ['wss://relay.example.org', 'wss://relay.example.org'],
      ['ws://127.0.0.1:8546', 'ws://127.0.0.1:8546'],
    ])('reads %j as %j', (value, walletConnectRelayUrl) => {
      const result = parseConfig({ ...validEnv, VITE_WALLETCONNECT_RELAY_URL: value })
      expect(result).toEqual({ ok: true, config: expect.objectContaining({ walletConnectRelayUrl }) })
    })

    it.each<[string, string]>([
      ['https://relay.example.org', '"https://relay.example.org" is not a ws:// or wss:// URL.'],
      [
        'relay.example.org',
        '"relay.example.org" is not a URL. Use a wss:// (or, on this machine, ws://) address, or leave it empty.',
      ],
    ])('rejects %j', (value, message) => {
      expect(errorsFor({ VITE_WALLETCONNECT_RELAY_URL: value })).toEqual([
        { variable: 'VITE_WALLETCONNECT_RELAY_URL', message: `VITE_WALLETCONNECT_RELAY_URL ${message}` },
      ])
    })
  })
})
