import { Trans, useLingui } from '@lingui/react/macro'
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
        <h3 id="reminders-title">
          <Trans comment="Heading: calendar reminders of the schedule's dates">Reminders</Trans>
        </h3>
        <p className="hint">
          <Trans comment="Claim window: the stretch in which tokens can be claimed (taken now, with a burn)">
            The claim window's end and the unlock dates in your calendar, with an alarm a day before.
          </Trans>
        </p>
        <CalendarButton schedule={schedule} />
      </section>
      <StatementTool holder={holder} token={token} />
      <section className="tool" aria-labelledby="watch-title">
        <h3 id="watch-title">
          <Trans>Watched addresses</Trans>
        </h3>
        <p className="hint">
          <Trans>Follow any address's countdown without connecting. Saved addresses stay on this device.</Trans>
        </p>
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
  const { t } = useLingui()
  if (!isConnected) return null
  const { symbol } = token
  const walletName = toOpen?.name
  return (
    <section className="tool" aria-labelledby="wallet-title">
      <h3 id="wallet-title">
        <Trans comment="Heading: the holder's wallet app">Wallet</Trans>
      </h3>
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
        {isSuccess
          ? t({ message: `${symbol} added to your wallet`, comment: '{symbol}: the token, e.g. NAI' })
          : t({ message: `Add ${symbol} to wallet`, comment: 'Button; {symbol}: the token, e.g. NAI' })}
      </button>
      {isPending && toOpen && (
        <p className="hint" role="status">
          <Trans>Waiting for your wallet to answer.</Trans>{' '}
          <a
            href={toOpen.href}
            {...(toOpen.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <Trans comment="Link: brings the wallet app (named) to the front">Open {walletName}</Trans>
          </a>
        </p>
      )}
    </section>
  )
}
