/**
 * The comparison app for `npm run bench`: what a default wagmi + RainbowKit app looks like when it does what the
 * portal does at its simplest — `getDefaultConfig` with one chain, RainbowKit's ConnectButton, and one contract read
 * of the connected holder's vesting position. Nothing is tuned: this is the starting point the portal is measured
 * against.
 */
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { type Address, type Chain, defineChain, formatUnits } from 'viem'
import { http, useAccount, useReadContract, WagmiProvider } from 'wagmi'
import { vestingAbi } from '../../../src/generated'

const [rpcUrl = 'http://127.0.0.1:8545'] = (import.meta.env.VITE_RPC_URLS ?? '').split(',').filter(Boolean)
const vestingAddress = import.meta.env.VITE_VESTING_ADDRESS as Address

const chain: Chain = defineChain({
  id: 31337,
  name: 'Local (anvil)',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11', blockCreated: 0 } },
})

const config = getDefaultConfig({
  appName: 'Baseline',
  projectId: import.meta.env.VITE_WALLETCONNECT_PROJECT_ID ?? 'baseline',
  chains: [chain],
  transports: { [chain.id]: http() },
})

const queryClient = new QueryClient()

function Position() {
  const { address } = useAccount()
  const { data } = useReadContract({
    address: vestingAddress,
    abi: vestingAbi,
    functionName: 'claimByOwner',
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address) },
  })
  if (!address) return <p>Connect your wallet to see your vesting position.</p>
  if (!data) return <p>Loading...</p>
  const [amount] = data
  return <p>Vesting position: {Number(formatUnits(amount, 18)).toLocaleString('en-US')} NAI</p>
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <header>
            <ConnectButton />
          </header>
          <main>
            <h1>Vesting Tokens</h1>
            <Position />
          </main>
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
