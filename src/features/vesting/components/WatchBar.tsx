import { useState } from 'react'
import type { Address } from 'viem'
import { shortenAddress } from '../../../domain/format'
import { forgetAddress, saveAddress, stopWatching, useSavedAddresses, useWatchParam } from '../../watch/watched'

/** Says whose position the page shows without a wallet, and saves or forgets it on this device. */
export function WatchBar({ address }: { address: Address }) {
  const saved = useSavedAddresses().includes(address)
  const fromLink = useWatchParam().kind === 'address'
  const [refusal, setRefusal] = useState<string | null>(null)
  return (
    <div className="watch-bar">
      <p>
        Watch-only: <strong title={address}>{shortenAddress(address)}</strong>. Connect this wallet to claim.
      </p>
      <div className="watch-actions">
        {saved ? (
          <button type="button" className="button link" onClick={() => forgetAddress(address)}>
            Forget on this device
          </button>
        ) : (
          <button type="button" className="button link" onClick={() => setRefusal(saveAddress(address))}>
            Save on this device
          </button>
        )}
        {fromLink && (
          <button type="button" className="button link" onClick={stopWatching}>
            Stop watching
          </button>
        )}
      </div>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  )
}
