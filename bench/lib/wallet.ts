import type { ProviderInfo, TestProviderOptions } from '../../src/wallet/testProvider.ts'

/**
 * The holder's browser wallet in the bench: the test provider, injected before the page's scripts the way Rainbow's
 * extension and in-app browser do it (`window.ethereum` flagged `isRainbow`, and an EIP-6963 announcement). Both apps
 * list Rainbow and connect to it through its injected provider on phones and desktops alike, where some other
 * wallets would make RainbowKit load an SDK. It talks to anvil directly, as a real wallet talks to its own node, so
 * its requests are not counted as the app's RPC traffic.
 */
export type BenchWalletOptions = TestProviderOptions & { announce: ProviderInfo }

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#334155"/></svg>'

/** @param nodeUrl anvil's own URL, not the counting proxy's. */
export function benchWalletOptions(account: string, chainId: number, nodeUrl: string): BenchWalletOptions {
  return {
    chainId,
    node: { url: nodeUrl },
    wallet: {
      accounts: [account],
      account,
      storage: { account: 'bench.wallet.account', approved: 'bench.wallet.approved' },
    },
    announce: {
      uuid: '8b0c8a6e-4d3f-4c55-9a52-6f1f3b1d2c7e',
      name: 'Rainbow',
      icon: `data:image/svg+xml,${encodeURIComponent(ICON)}`,
      rdns: 'me.rainbow',
    },
    flags: { isRainbow: true },
  }
}
