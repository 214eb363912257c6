import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { getClient } from 'wagmi/actions'
import { shortenAddress } from '../../domain/format'
import { type ResolveName, resolveWatchTarget } from './target'
import { forgetAddress, useSavedAddresses, watchAddress } from './watched'

/**
 * "Watch an address": any address, or an ENS name on Ethereum, shown without connecting a wallet. Nothing typed here
 * is sent anywhere but to the chain's RPC (an ENS lookup).
 */
export function WatchForm({ onWatch }: { onWatch?: () => void }) {
  const { t } = useLingui()
  const inputId = useId()
  const config = useConfig()
  const chain = config.chains[0]
  const [input, setInput] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // ENS names are looked up on Ethereum only.
  const placeholder = chain.id === 1 ? t({ message: '0x… or name.eth', comment: 'An address or ENS name' }) : '0x…'

  const resolveName: ResolveName = async (name) => {
    // ENS code loads only for a name typed on Ethereum; a lookup needs the network anyway.
    const { getEnsAddress, normalize } = await import('viem/ens')
    const client = getClient(config)
    if (!client) throw new Error('No connection to the chain is configured.')
    return getEnsAddress(client, { name: normalize(name) })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const target = await resolveWatchTarget(input, { chainId: chain.id, chainName: chain.name, resolveName })
    setBusy(false)
    if (!target.ok) {
      setMessage(target.message)
      return
    }
    setMessage(null)
    setInput('')
    watchAddress(target.address)
    onWatch?.()
  }

  return (
    <form className="watch-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId}>
        <Trans comment="Follow any address's position without connecting a wallet">
          Watch an address without connecting
        </Trans>
      </label>
      <div className="watch-row">
        <input
          id={inputId}
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          value={input}
          aria-invalid={message !== null}
          aria-describedby={message ? `${inputId}-message` : undefined}
          onChange={(event) => setInput(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          <Trans comment="Button: show the typed address's position, read-only">Watch</Trans>
        </button>
      </div>
      {message && (
        <p id={`${inputId}-message`} className="field-error" role="alert">
          {message}
        </p>
      )}
    </form>
  )
}

/** The addresses saved on this device, each one tap away, with a way to forget it. */
export function SavedAddresses({ current, onWatch }: { current?: Address; onWatch?: () => void }) {
  const { t } = useLingui()
  const saved = useSavedAddresses()
  if (saved.length === 0) return null
  return (
    <nav className="saved-addresses" aria-label={t`Saved addresses`}>
      <ul>
        {saved.map((address) => {
          const shortAddress = shortenAddress(address)
          return (
            <li key={address}>
              <button
                type="button"
                className="button link"
                aria-current={address === current ? 'true' : undefined}
                onClick={() => {
                  watchAddress(address)
                  onWatch?.()
                }}
              >
                {shortAddress}
              </button>
              <button
                type="button"
                className="button link subtle"
                aria-label={t({
                  message: `Forget ${shortAddress}`,
                  comment: 'Button: remove a saved address from this device',
                })}
                onClick={() => forgetAddress(address)}
              >
                <Trans comment="Button: remove a saved address from this device">Forget</Trans>
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
