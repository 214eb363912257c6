/** The app's version from package.json, injected at build time. */
declare const __APP_VERSION__: string
