import type { ReactNode } from 'react'
import { Drawer } from 'vaul'

export type SheetProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The sheet's heading, which also names it for assistive technology. */
  title: string
  children: ReactNode
}

/** The sheet itself, drawn by vaul: a drag handle, the title, and the content in the thumb zone. */
export default function SheetView({ open, onOpenChange, title, children }: SheetProps) {
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className="sheet-overlay" />
        <Drawer.Content className="sheet" aria-describedby={undefined}>
          <div className="sheet-handle" aria-hidden="true" />
          <Drawer.Title className="sheet-title">{title}</Drawer.Title>
          <div className="sheet-body">{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  )
}
