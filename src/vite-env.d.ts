/** The app's version from package.json, injected at build time. */
declare const __APP_VERSION__: string

interface ImportMetaEnv {
  /** The commit the build was made from; `npm run release` fills it in from git (an archive has no .git to ask). */
  readonly VITE_COMMIT?: string
}
