import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { SheetProps } from './SheetView'

/** vaul (and Radix's dialog under it) load with the first sheet a holder opens, not with the page. */
const SheetView = lazy(() => import('./SheetView'))

/** The history entry a sheet adds while it is open, so that the browser's back gesture closes it. */
const SHEET_STATE = 'nai-sheet'

/**
 * A bottom sheet (vaul): focus stays inside, Escape and the back button close it, and the page behind is inert while
 * it is open. Mount it unconditionally and drive it with `open`.
 */
export function Sheet({ open, onOpenChange, title, children }: SheetProps) {
  const [loaded, setLoaded] = useState(open)
  if (open && !loaded) setLoaded(true)
  useSheetHistory(open, () => onOpenChange(false))

  if (!loaded) return null
  return (
    <Suspense fallback={null}>
      <SheetView open={open} onOpenChange={onOpenChange} title={title}>
        {children}
      </SheetView>
    </Suspense>
  )
}

/**
 * While a sheet is open the page behind it is inert and the sheet owns one history entry, so that the back button or
 * gesture closes the sheet instead of leaving the page.
 */
export function useSheetHistory(open: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    if (!open) return
    const root = document.getElementById('root')
    root?.setAttribute('inert', '')
    window.history.pushState({ [SHEET_STATE]: true }, '')
    let poppedOwnEntry = false
    const onPopState = () => {
      poppedOwnEntry = true
      onCloseRef.current()
    }
    window.addEventListener('popstate', onPopState)
    return () => {
      window.removeEventListener('popstate', onPopState)
      root?.removeAttribute('inert')
      // Closed by a button or Escape: take back the entry the sheet added.
      if (!poppedOwnEntry && isSheetState(window.history.state)) window.history.back()
    }
  }, [open])
}

function isSheetState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && SHEET_STATE in state
}
