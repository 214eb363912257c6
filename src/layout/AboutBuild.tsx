import { useState } from 'react'
import { buildInfo } from '../lib/buildInfo'
import { Sheet } from '../lib/Sheet'

const NOT_RECORDED = 'not recorded in this build'

/**
 * "About this build": what a holder compares with a published release before trusting the page — the version, the
 * commit it was built from and the digest of its scripts and styles, the figures `npm run release` prints.
 */
export function AboutBuild() {
  const [open, setOpen] = useState(false)
  const { version, commit, assetsDigest } = buildInfo()
  return (
    <>
      <button type="button" className="button link subtle" onClick={() => setOpen(true)}>
        About this build
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="About this build">
        <dl className="about-build">
          <dt>Version</dt>
          <dd>{version}</dd>
          <dt>Commit</dt>
          <dd>
            <code>{commit ?? NOT_RECORDED}</code>
          </dd>
          <dt>Assets (SHA-256)</dt>
          <dd>
            <code>{assetsDigest ?? NOT_RECORDED}</code>
          </dd>
        </dl>
        <p className="hint">
          Compare these with the release the project published. Building that commit gives the same files byte for byte;
          the assets figure is the SHA-256 of the <code>sha256sum</code> listing of every file under{' '}
          <code>assets/</code>.
        </p>
        <div className="sheet-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </Sheet>
    </>
  )
}
