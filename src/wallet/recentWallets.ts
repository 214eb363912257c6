import { STORED_KEYS } from '../domain/storedKeys'
import { localStorageStore, type Store } from '../lib/store'

/** How many recently used wallet apps the phone's connect sheet lists first. */
export const MAX_RECENT_WALLETS = 3

function parseRecent(raw: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return undefined
    return value.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT_WALLETS)
  } catch {
    return undefined
  }
}

const NONE: string[] = []

/** The wallet apps this device connected with through the phone's sheet, most recent first; kept on the device. */
export const recentWallets: Store<string[]> = localStorageStore<string[]>(STORED_KEYS.recentWallets, {
  parse: parseRecent,
  serialize: (ids) => JSON.stringify(ids),
  empty: NONE,
})

/** Remembers that the holder connected with wallet `id`. */
export function rememberWallet(id: string): void {
  recentWallets.set([id, ...recentWallets.get().filter((candidate) => candidate !== id)].slice(0, MAX_RECENT_WALLETS))
}

/** `wallets` with the recently used ones first, most recent first, the rest in their own order. */
export function recentFirst<W extends { id: string }>(wallets: readonly W[], recent: readonly string[]): W[] {
  const used = recent.flatMap((id) => wallets.filter((wallet) => wallet.id === id))
  return [...used, ...wallets.filter((wallet) => !recent.includes(wallet.id))]
}
