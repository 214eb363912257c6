import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { Sheet } from '../../../lib/Sheet'
import type { HolderToolsProps } from './HolderToolsContent'

/** The tools' content (statement, calendar, watch list, wallet) loads with the sheet, not with the page. */
const HolderToolsContent = lazy(() => import('./HolderToolsContent'))

/** "Holder tools": a bottom sheet with the calendar file, the statement, watched addresses and the wallet's token. */
export function HolderTools(props: HolderToolsProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="button tools-button" onClick={() => setOpen(true)}>
        <Trans comment="Button: opens a sheet of tools for the token holder">Holder tools</Trans>
      </button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title={t({ message: 'Holder tools', comment: 'Title of the sheet of tools for the token holder' })}
      >
        <Suspense
          fallback={
            <p className="status">
              <Trans>Loading...</Trans>
            </p>
          }
        >
          <HolderToolsContent {...props} onDone={() => setOpen(false)} />
        </Suspense>
        <div className="sheet-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            <Trans comment="Button: close the sheet">Close</Trans>
          </button>
        </div>
      </Sheet>
    </>
  )
}
