/** The meta tag in which a build records the digest of its assets (written by the build, read by the page). */
export const ASSETS_DIGEST_META = 'nai-assets-sha256'

/** What identifies the running build: the figures a holder compares with a published release. */
export type BuildInfo = {
  version: string
  /** The commit the build was made from, when the build was told (`VITE_COMMIT`). */
  commit: string | undefined
  /** The SHA-256 the build recorded for its assets, absent from a page not made by `vite build`. */
  assetsDigest: string | undefined
}

export function buildInfo(): BuildInfo {
  return {
    version: __APP_VERSION__,
    commit: import.meta.env.VITE_COMMIT?.trim() || undefined,
    assetsDigest:
      document.querySelector(`meta[name="${ASSETS_DIGEST_META}"]`)?.getAttribute('content')?.trim() || undefined,
  }
}
