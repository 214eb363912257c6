import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { Address } from 'viem'
import { shortenAddress } from '../../../domain/format'
import { forgetAddress, saveAddress, stopWatching, useSavedAddresses, useWatchParam } from '../../watch/watched'

/** Says whose position the page shows without a wallet, and saves or forgets it on this device. */
export function WatchBar({ address }: { address: Address }) {
  const saved = useSavedAddresses().includes(address)
  const fromLink = useWatchParam().kind === 'address'
  const [refusal, setRefusal] = useState<string | null>(null)
  const shortAddress = shortenAddress(address)
  return (
    <div className="watch-bar">
      <p>
        <Trans comment="Watch-only: the position is shown, but nothing can be signed; claim: take the tokens">
          Watch-only: <strong title={address}>{shortAddress}</strong>. Connect this wallet to claim.
        </Trans>
      </p>
      <div className="watch-actions">
        {saved ? (
          <button type="button" className="button link" onClick={() => forgetAddress(address)}>
            <Trans comment="Button: remove this saved address from the device">Forget on this device</Trans>
          </button>
        ) : (
          <button type="button" className="button link" onClick={() => setRefusal(saveAddress(address))}>
            <Trans comment="Button: keep this address on the device, to watch it later">Save on this device</Trans>
          </button>
        )}
        {fromLink && (
          <button type="button" className="button link" onClick={stopWatching}>
            <Trans comment="Button: stop showing this address's position">Stop watching</Trans>
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
