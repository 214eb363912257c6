import { Trans, useLingui } from '@lingui/react/macro'
import { createContext, useContext } from 'react'
import { connectWallet } from '../../../wallet/WalletKit'

/** Whether the page shows an address without its wallet (watch-only): every action then asks to connect it. */
export const WatchOnlyContext = createContext(false)

type Props = {
  label: string
  /** The action of this button is being sent or waited for. */
  pending: boolean
  disabled: boolean
  onClick: () => void
}

/** A holder action's button: "Claiming..." while pending; watch-only, the way to connect the wallet instead. */
export function ActionButton({ label, pending, disabled, onClick }: Props) {
  const watchOnly = useContext(WatchOnlyContext)
  const { t } = useLingui()
  if (watchOnly) {
    return (
      <button type="button" className="button primary" onClick={() => void connectWallet()}>
        <Trans comment="Button shown for a watched address: connect its wallet in order to take the tokens">
          Connect this wallet to claim
        </Trans>
      </button>
    )
  }
  return (
    <button type="button" className="button primary" disabled={pending || disabled} onClick={onClick}>
      {pending ? t({ message: 'Claiming...', comment: 'Button while a claim is being sent or confirmed' }) : label}
    </button>
  )
}
