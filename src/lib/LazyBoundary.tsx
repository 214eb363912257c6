import { Trans } from '@lingui/react/macro'
import { Component, type ReactNode, Suspense } from 'react'

type State = { failed: boolean }

/**
 * Where a lazily loaded part of the page goes: `loading` while its code arrives, and if the code cannot be fetched
 * (the network went away before the service worker held it, or a new release replaced the files), a message and a
 * reload in its place rather than a blank page.
 */
export class LazyBoundary extends Component<{ loading: ReactNode; children: ReactNode }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return <Suspense fallback={this.props.loading}>{this.props.children}</Suspense>
    return (
      <div className="failure" role="alert">
        <p>
          <Trans>This part of the page could not be loaded. Check your connection, then reload the page.</Trans>
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          <Trans comment="Button: load the page again">Reload</Trans>
        </button>
      </div>
    )
  }
}
