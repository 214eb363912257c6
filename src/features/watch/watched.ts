import { plural } from '@lingui/core/macro'
import { type Address, getAddress, isAddress } from 'viem'
import { STORED_KEYS } from '../../domain/storedKeys'
import { createStore, localStorageStore, useStore } from '../../lib/store'

/** How many addresses a device keeps for watching: a few of one's own wallets, not an address book. */
export const MAX_SAVED_ADDRESSES = 5

function parseSaved(raw: string): Address[] | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return undefined
    const addresses = value.filter(
      (item): item is string => typeof item === 'string' && isAddress(item, { strict: false }),
    )
    return addresses.map((address) => getAddress(address)).slice(0, MAX_SAVED_ADDRESSES)
  } catch {
    return undefined
  }
}

const NONE: Address[] = []

/** Addresses saved for watching, most recently saved first; kept in this browser only. */
const saved = localStorageStore<Address[]>(STORED_KEYS.watchedAddresses, {
  parse: parseSaved,
  serialize: (addresses) => JSON.stringify(addresses),
  empty: NONE,
})

export function useSavedAddresses(): Address[] {
  return useStore(saved)
}

/**
 * Saves `address` for watching; returns a sentence (in the page's language) when the device already keeps as many as
 * it can.
 */
export function saveAddress(address: Address): string | null {
  const current = saved.get()
  if (current.includes(address)) return null
  if (current.length >= MAX_SAVED_ADDRESSES) {
    const max = MAX_SAVED_ADDRESSES
    return plural(max, {
      one: 'This device keeps up to # address. Forget one before saving another.',
      other: 'This device keeps up to # addresses. Forget one before saving another.',
    })
  }
  saved.set([address, ...current])
  return null
}

export function forgetAddress(address: Address): void {
  const next = saved.get().filter((candidate) => candidate !== address)
  saved.set(next.length > 0 ? next : NONE)
}

/** The `address` query parameter of the page's URL: the address a link or the holder asked to watch. */
export type WatchParam = { kind: 'none' } | { kind: 'address'; address: Address } | { kind: 'malformed'; value: string }

function readParam(): WatchParam {
  const value = new URLSearchParams(window.location.search).get('address')?.trim()
  if (!value) return { kind: 'none' }
  if (!isAddress(value, { strict: false })) return { kind: 'malformed', value }
  return { kind: 'address', address: getAddress(value) }
}

const sameParam = (a: WatchParam, b: WatchParam) =>
  a.kind === b.kind &&
  (a.kind !== 'address' || (b.kind === 'address' && a.address === b.address)) &&
  (a.kind !== 'malformed' || (b.kind === 'malformed' && a.value === b.value))

const param = createStore<WatchParam>(typeof window === 'undefined' ? { kind: 'none' } : readParam(), (store) => {
  const onPopState = () => {
    const next = readParam()
    if (!sameParam(next, store.get())) store.set(next)
  }
  window.addEventListener('popstate', onPopState)
  return () => window.removeEventListener('popstate', onPopState)
})

export function useWatchParam(): WatchParam {
  return useStore(param)
}

/** Shows `address` watch-only: `/?address=…`, a link that can be bookmarked or shared. */
export function watchAddress(address: Address): void {
  const url = new URL(window.location.href)
  url.searchParams.set('address', address)
  window.history.pushState(null, '', url)
  param.set(readParam())
}

/** Back to the connected wallet (or the saved addresses): `/`. */
export function stopWatching(): void {
  const url = new URL(window.location.href)
  url.searchParams.delete('address')
  window.history.pushState(null, '', url)
  param.set(readParam())
}
