import { describe, expect, it } from 'vitest'
import { rpcPreconnectTags } from './rpcPreconnect'

const deployment = {
  VITE_VESTING_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  VITE_LEGACY_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  // A build for a public chain must also name its links and deployment block.
  VITE_BLOG_ONBOARDING_URL: 'https://blog.nai.network/onboarding',
  VITE_BLOG_UPDATE_URL: 'https://blog.nai.network/update',
  VITE_TELEGRAM_URL: 'https://t.me/nai',
  VITE_X_URL: 'https://x.com/nai',
  VITE_DEPLOYMENT_BLOCK: '21080000',
}

const preconnect = (href: string) => [
  { tag: 'link', attrs: { rel: 'preconnect', href, crossorigin: '' }, injectTo: 'head' },
]

describe('the preconnect to the RPC endpoint', () => {
  it('opens a connection to the origin of the configured RPC URL', () => {
    const tags = rpcPreconnectTags({
      ...deployment,
      VITE_CHAIN_ID: '43114',
      VITE_RPC_URLS: 'https://rpc.example.org:8443/ext/bc/C/rpc?key=abc',
    })
    expect(tags).toEqual(preconnect('https://rpc.example.org:8443'))
  })

  it('uses the chain’s public endpoint when no RPC URL is configured', () => {
    expect(rpcPreconnectTags({ ...deployment, VITE_CHAIN_ID: '43114' })).toEqual(preconnect('https://api.avax.network'))
    expect(rpcPreconnectTags({ ...deployment, VITE_CHAIN_ID: '31337' })).toEqual(preconnect('http://127.0.0.1:8545'))
  })

  it('adds nothing to a build whose configuration is invalid', () => {
    expect(rpcPreconnectTags({ ...deployment, VITE_CHAIN_ID: '5' })).toEqual([])
    expect(rpcPreconnectTags({ VITE_CHAIN_ID: '31337' })).toEqual([])
  })
})
