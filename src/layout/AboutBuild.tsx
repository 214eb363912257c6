import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { buildInfo } from '../lib/buildInfo'
import { Sheet } from '../lib/Sheet'

/**
 * "About this build": what a holder compares with a published release before trusting the page — the version, the
 * commit it was built from and the digest of its scripts and styles, the figures `npm run release` prints.
 */
export function AboutBuild() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const { version, commit, assetsDigest } = buildInfo()
  const notRecorded = t({
    message: 'not recorded in this build',
    comment: 'Shown in place of a commit or a digest the build did not record',
  })
  return (
    <>
      <button type="button" className="button link subtle" onClick={() => setOpen(true)}>
        <Trans>About this build</Trans>
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={t`About this build`}>
        <dl className="about-build">
          <dt>
            <Trans comment="The release's version number">Version</Trans>
          </dt>
          <dd>{version}</dd>
          <dt>
            <Trans comment="The git commit the build was made from">Commit</Trans>
          </dt>
          <dd>
            <code>{commit ?? notRecorded}</code>
          </dd>
          <dt>
            <Trans comment="The digest of the page's scripts and styles">Assets (SHA-256)</Trans>
          </dt>
          <dd>
            <code>{assetsDigest ?? notRecorded}</code>
          </dd>
        </dl>
        <p className="hint">
          <Trans>
            Compare these with the release the project published. Building that commit gives the same files byte for
            byte; the assets figure is the SHA-256 of the <code>sha256sum</code> listing of every file under{' '}
            <code>assets/</code>.
          </Trans>
        </p>
        <div className="sheet-actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </button>
        </div>
      </Sheet>
    </>
  )
}
