import { lazy, Suspense, useState } from 'react'
import { Sheet } from '../../../lib/Sheet'
import type { HolderToolsProps } from './HolderToolsContent'

/** The tools' content (statement, calendar, watch list, wallet) loads with the sheet, not with the page. */
const HolderToolsContent = lazy(() => import('./HolderToolsContent'))

/** "Holder tools": a bottom sheet with the calendar file, the statement, watched addresses and the wallet's token. */
export function HolderTools(props: HolderToolsProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="button tools-button" onClick={() => setOpen(true)}>
        Holder tools
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="Holder tools">
        <Suspense fallback={<p className="status">Loading...</p>}>
          <HolderToolsContent {...props} onDone={() => setOpen(false)} />
        </Suspense>
        <div className="sheet-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </Sheet>
    </>
  )
}
