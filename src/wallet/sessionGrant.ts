import { t } from '@lingui/core/macro'
import { useEffect, useState } from 'react'
import { useAccount } from 'wagmi'

/** What a WalletConnect session grants the page: the wallet's own name and the networks it approved. */
export type SessionGrant = { walletName: string; chainIds: number[] }

type SessionListener = () => void
type SessionProvider = {
  session?: {
    peer?: { metadata?: { name?: string } }
    namespaces?: Record<string, { accounts?: string[]; chains?: string[] }>
  }
  on?: (event: string, listener: SessionListener) => unknown
  removeListener?: (event: string, listener: SessionListener) => unknown
}

/** The grant of `provider`'s session (a WalletConnect provider), from its eip155 chains and accounts. */
export function sessionGrant(provider: unknown): SessionGrant | undefined {
  const session = (provider as SessionProvider | undefined)?.session
  const eip155 = session?.namespaces?.eip155
  if (!session || !eip155) return undefined
  const references = [
    ...(eip155.chains ?? []),
    ...(eip155.accounts ?? []).map((account) => account.split(':').slice(0, 2).join(':')),
  ]
  const chainIds = [...new Set(references.map((chain) => Number(chain.split(':')[1])))].filter(Number.isSafeInteger)
  const walletName =
    session.peer?.metadata?.name?.trim() ||
    t({ message: 'Your wallet', comment: 'A wallet that gave no name of its own' })
  return { walletName, chainIds }
}

/** The connected WalletConnect session's grant, followed as the wallet updates it; `undefined` for other wallets. */
export function useSessionGrant(): SessionGrant | undefined {
  const { connector, status } = useAccount()
  const [grant, setGrant] = useState<SessionGrant>()
  useEffect(() => {
    if (status !== 'connected' || connector?.type !== 'walletConnect') {
      setGrant(undefined)
      return
    }
    let live = true
    let stop = () => {}
    connector.getProvider().then(
      (provider) => {
        if (!live) return
        const update = () => setGrant(sessionGrant(provider))
        update()
        const { on, removeListener } = (provider ?? {}) as SessionProvider
        on?.call(provider, 'session_update', update)
        stop = () => removeListener?.call(provider, 'session_update', update)
      },
      () => setGrant(undefined),
    )
    return () => {
      live = false
      stop()
    }
  }, [connector, status])
  return grant
}
