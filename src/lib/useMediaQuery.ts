import { useCallback, useSyncExternalStore } from 'react'

/** Below this width the page uses its compact phone layout; the stylesheet's media queries use the same width. */
export const PHONE_QUERY = '(max-width: 767.98px)'

/** Whether `query` matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Whether the page is in its compact phone layout. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY)
}
