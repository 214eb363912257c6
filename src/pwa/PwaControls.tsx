import { STORED_KEYS } from '../domain/storedKeys'
import './pwa.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { positionShown } from '../lib/positionShown'
import { useStore } from '../lib/store'
import { usePendingTransaction } from '../wallet/pendingTransaction'
import { useInstallOffer } from './install'
import { applyUpdate, registerServiceWorker, useUpdateWaiting } from './serviceWorker'

/**
 * The installable app's controls: the "new version" banner and the offer to install. Mounting it registers the
 * service worker.
 */
export function PwaControls() {
  useEffect(registerServiceWorker, [])
  return (
    <div className="pwa-bar">
      <UpdateBanner />
      <InstallBanner />
    </div>
  )
}

/** Offered once a new version waits; held back while a transaction is pending, so a reload never interrupts it. */
function UpdateBanner() {
  const waiting = useUpdateWaiting()
  const pending = usePendingTransaction()
  if (!waiting || pending) return null
  return (
    <div className="pwa-banner" role="status">
      {/* One message: the notice and the button that acts on it read as one sentence. */}
      <Trans comment="A notice, then a button that reloads the page into the new version">
        <span>A new version is available — </span>
        <button type="button" className="button link" onClick={() => void applyUpdate()}>
          Reload
        </button>
      </Trans>
    </div>
  )
}

const DISMISSED_KEY = STORED_KEYS.installOfferDismissedAt
/** After "Not now", the offer comes back a month later. */
const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000

function dismissedRecently(): boolean {
  const dismissedAt = Number(globalThis.localStorage?.getItem(DISMISSED_KEY))
  return Number.isFinite(dismissedAt) && Date.now() - dismissedAt < DISMISS_FOR_MS
}

/** Offered once the page has shown a holder's figures, where the browser can install the portal. */
function InstallBanner() {
  const { t } = useLingui()
  const offer = useInstallOffer()
  const shown = useStore(positionShown)
  const [dismissed, setDismissed] = useState(dismissedRecently)
  if (offer.kind === 'none' || !shown || dismissed) return null
  const notNow = (
    <button
      type="button"
      className="button link"
      onClick={() => {
        globalThis.localStorage?.setItem(DISMISSED_KEY, String(Date.now()))
        setDismissed(true)
      }}
    >
      <Trans comment="Button: hide the offer to install the app for now">Not now</Trans>
    </button>
  )
  if (offer.kind === 'ios-hint') {
    return (
      <aside
        className="pwa-banner"
        aria-label={t({ message: 'Add to Home Screen', comment: "iOS Safari's own name for this action" })}
      >
        <span>
          <Trans comment="Share, Add to Home Screen: iOS Safari's menu items, named as Safari names them">
            Add the portal to your Home Screen: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
          </Trans>
        </span>
        {notNow}
      </aside>
    )
  }
  return (
    <aside className="pwa-banner" aria-label={t`Install app`}>
      <span>
        <Trans comment="position: the holder's tokens in the vesting and what they can do with them">
          Install the portal for quick access to your position, even offline.
        </Trans>
      </span>
      <button type="button" className="button" onClick={() => void offer.install()}>
        <Trans>Install app</Trans>
      </button>
      {notNow}
    </aside>
  )
}
