import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'

/**
 * Copies `text` to the clipboard; where the browser denies the clipboard (a Safe App's frame is given none), the text
 * is shown selected instead, for the holder to copy with their device.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui()
  const [state, setState] = useState<'idle' | 'copied' | 'denied'>('idle')
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (state === 'denied') field.current?.select()
  }, [state])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('denied')
    }
  }
  return (
    <span className="copy">
      <button type="button" className="button link" onClick={() => void copy()}>
        {state === 'copied'
          ? t({ message: 'Copied', comment: 'Button after its text was copied to the clipboard' })
          : label}
      </button>
      {state === 'denied' && (
        <label className="copy-fallback">
          <Trans>Copying is not allowed here. The text is selected: copy it with your device.</Trans>
          <input ref={field} readOnly value={text} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </span>
  )
}
