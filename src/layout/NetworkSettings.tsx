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
  const [open, setOpen] = useState(false)
  const chain = useConfig().chains[0]
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
        Network settings
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="Network settings">
        <p className="network-current">
          {current ? (
            <>
              Reading {chain.name} through your RPC <code>{current}</code> first, then this site's.
            </>
          ) : (
            <>Reading {chain.name} through this site's RPC endpoints.</>
          )}
        </p>
        <form className="network-form" onSubmit={(event) => void submit(event)}>
          <label htmlFor={inputId}>Your own RPC URL</label>
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
          <p className="hint">Stored on this device only. The page reloads to use it.</p>
          <div className="sheet-actions">
            <button type="submit" className="button primary" disabled={checking || text.trim() === ''}>
              {checking ? 'Checking…' : 'Use this RPC'}
            </button>
            {current && (
              <button type="button" className="button" onClick={() => use(undefined)}>
                Use this site's RPCs
              </button>
            )}
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </form>
      </Sheet>
    </>
  )
}
