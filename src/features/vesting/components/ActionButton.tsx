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
  if (watchOnly) {
    return (
      <button type="button" className="button primary" onClick={() => void connectWallet()}>
        Connect this wallet to claim
      </button>
    )
  }
  return (
    <button type="button" className="button primary" disabled={pending || disabled} onClick={onClick}>
      {pending ? 'Claiming...' : label}
    </button>
  )
}
