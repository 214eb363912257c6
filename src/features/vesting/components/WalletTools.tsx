import type { Address } from 'viem'
import { useAccount, useWatchAsset } from 'wagmi'
import { LocalAccountPicker } from '../../../wallet/LocalAccountPicker'

/** "Add NAI to wallet", and the account picker of the local test wallet. */
export function WalletTools({ token, symbol, decimals }: { token: Address; symbol: string; decimals: number }) {
  const { connector } = useAccount()
  const { watchAsset, isSuccess } = useWatchAsset()
  return (
    <div className="wallet-tools">
      {connector?.id === 'localTestWallet' && <LocalAccountPicker />}
      <button
        type="button"
        className="button link"
        onClick={() => watchAsset({ type: 'ERC20', options: { address: token, symbol, decimals } })}
      >
        {isSuccess ? `${symbol} added to your wallet` : `Add ${symbol} to wallet`}
      </button>
    </div>
  )
}
