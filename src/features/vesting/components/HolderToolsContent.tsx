import type { Address } from 'viem'
import { useAccount, useWatchAsset } from 'wagmi'
import type { Schedule } from '../../../domain/schedule'
import { forgetSentRequest, useWalletToOpen } from '../../../wallet/useWalletToOpen'
import { CalendarButton } from '../../reminders/CalendarButton'
import { StatementTool } from '../../statement/StatementTool'
import { SavedAddresses, WatchForm } from '../../watch/WatchForm'

export type HolderToolsProps = {
  holder: Address
  schedule: Schedule
  token: { address: Address; symbol: string; decimals: number }
  /** A wallet that keeps tokens is connected for this address (a Safe's is not): "Add NAI to wallet" needs it. */
  connected: boolean
}

/** What the holder tools sheet holds; loaded the first time it opens. */
export default function HolderToolsContent({
  holder,
  schedule,
  token,
  connected,
  onDone,
}: HolderToolsProps & { onDone: () => void }) {
  return (
    <div className="tools">
      <section className="tool" aria-labelledby="reminders-title">
        <h3 id="reminders-title">Reminders</h3>
        <p className="hint">
          The claim window's end and the unlock dates in your calendar, with an alarm a day before.
        </p>
        <CalendarButton schedule={schedule} />
      </section>
      <StatementTool holder={holder} token={token} />
      <section className="tool" aria-labelledby="watch-title">
        <h3 id="watch-title">Watched addresses</h3>
        <p className="hint">Follow any address's countdown without connecting. Saved addresses stay on this device.</p>
        <WatchForm onWatch={onDone} />
        <SavedAddresses current={holder} onWatch={onDone} />
      </section>
      {connected && <AddToWallet token={token} />}
    </div>
  )
}

/** "Add NAI to wallet" (`wallet_watchAsset`). */
function AddToWallet({ token }: { token: HolderToolsProps['token'] }) {
  const { isConnected } = useAccount()
  const { watchAsset, isSuccess, isPending } = useWatchAsset()
  const toOpen = useWalletToOpen()
  if (!isConnected) return null
  return (
    <section className="tool" aria-labelledby="wallet-title">
      <h3 id="wallet-title">Wallet</h3>
      <button
        type="button"
        className="button"
        onClick={() => {
          forgetSentRequest()
          watchAsset({
            type: 'ERC20',
            options: { address: token.address, symbol: token.symbol, decimals: token.decimals },
          })
        }}
      >
        {isSuccess ? `${token.symbol} added to your wallet` : `Add ${token.symbol} to wallet`}
      </button>
      {isPending && toOpen && (
        <p className="hint" role="status">
          Waiting for your wallet to answer.{' '}
          <a
            href={toOpen.href}
            {...(toOpen.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            Open {toOpen.name}
          </a>
        </p>
      )}
    </section>
  )
}
