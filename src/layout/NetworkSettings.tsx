import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { useConfig } from 'wagmi'
import { Sheet } from '../lib/Sheet'
import { useStore } from '../lib/store'
import { checkRpcUrl, holderRpcStore } from '../wallet/holderRpc'

/**
 * "Network settings": the holder may read the chain through an RPC endpoint of their own, kept on this device. It is
 * checked by asking for its chain id, asked before the build's endpoints, and removed in one tap. The page reloads to
 * use it: its figures stay cached meanwhile.
 */
export function NetworkSettings() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const chain = useConfig().chains[0]
  const chainName = chain.name
  const [store] = useState(() => holderRpcStore(chain.id))
  const current = useStore(store)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const inputId = useId()

  const use = (url: string | undefined) => {
    store.set(url)
    window.location.reload()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecking(true)
    setProblem(null)
    const check = await checkRpcUrl(text, chain.id, chain.name)
    setChecking(false)
    if (check.ok) use(check.url)
    else setProblem(check.message)
  }

  return (
    <>
      <button type="button" className="button link subtle" onClick={() => setOpen(true)}>
        <Trans>Network settings</Trans>
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={t`Network settings`}>
        <p className="network-current">
          {current ? (
            <Trans>
              Reading {chainName} through your RPC <code>{current}</code> first, then this site's.
            </Trans>
          ) : (
            <Trans>Reading {chainName} through this site's RPC endpoints.</Trans>
          )}
        </p>
        <form className="network-form" onSubmit={(event) => void submit(event)}>
          <label htmlFor={inputId}>
            <Trans>Your own RPC URL</Trans>
          </label>
          <input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem !== null}
          />
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <p className="hint">
            <Trans>Stored on this device only. The page reloads to use it.</Trans>
          </p>
          <div className="sheet-actions">
            <button type="submit" className="button primary" disabled={checking || text.trim() === ''}>
              {checking ? t`Checking…` : t`Use this RPC`}
            </button>
            {current && (
              <button type="button" className="button" onClick={() => use(undefined)}>
                <Trans>Use this site's RPCs</Trans>
              </button>
            )}
            <button type="button" className="button" onClick={() => setOpen(false)}>
              <Trans>Close</Trans>
            </button>
          </div>
        </form>
      </Sheet>
    </>
  )
}
