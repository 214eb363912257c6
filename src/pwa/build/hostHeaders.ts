import type { Plugin } from 'vite'
import { SAFE_WALLET_ORIGIN } from '../../config/safeWallet'
import { contentSecurityPolicy } from './contentSecurityPolicy'

/**
 * The response headers of a build, as the `_headers` file that Netlify and Cloudflare Pages read: the page's
 * Content-Security-Policy for the build's chain (the one its `<meta>` carries) plus what only a header can say — the
 * pages allowed to frame it (the portal itself, and Safe{Wallet}, which opens it as a Safe App) — and the manifest
 * Safe{Wallet} reads from its own origin, allowed cross-origin.
 */
export function hostHeaders(options: { chainId: number }): string {
  const policy = `${contentSecurityPolicy(options)}; frame-ancestors 'self' ${SAFE_WALLET_ORIGIN}`
  return `# Response headers for hosts that read this file (Netlify, Cloudflare Pages), written by the build for its chain.
/*
  Content-Security-Policy: ${policy}
  Referrer-Policy: no-referrer
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), clipboard-write=(self)
  X-Content-Type-Options: nosniff

# Safe{Wallet} reads a Safe App's name and icon from its manifest, from its own origin.
/manifest.json
  Access-Control-Allow-Origin: *

/manifest.webmanifest
  Access-Control-Allow-Origin: *
`
}

/** Writes {@link hostHeaders} for the build's chain as `_headers` beside `index.html`. */
export function hostHeadersFile(env: Record<string, string | undefined>): Plugin {
  return {
    name: 'nai:host-headers',
    apply: 'build',
    generateBundle() {
      const chainId = Number(env.VITE_CHAIN_ID?.trim())
      this.emitFile({ type: 'asset', fileName: '_headers', source: hostHeaders({ chainId }) })
    },
  }
}
