import { type ReactNode, useEffect, useId, useRef } from 'react'

type Props = {
  title: string
  confirmLabel: string
  children: ReactNode
  onConfirm: () => void
  onCancel: () => void
}

/** A modal confirmation (native <dialog>: focus trap, Escape to cancel). */
export function ConfirmDialog({ title, confirmLabel, children, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onCancel={onCancel}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
