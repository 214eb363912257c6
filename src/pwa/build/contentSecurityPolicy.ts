import type { Plugin } from 'vite'
import { LOCAL_CHAIN_ID } from '../../config/chains'

/**
 * The page's Content-Security-Policy: each directive lists only what the app and its libraries use. The hard line is
 * `script-src 'self'`: scripts come from the app's own files, never inline, from `eval`, `data:` or `blob:`.
 */
export function contentSecurityPolicy(options: { chainId: number }): string {
  const local = options.chainId === LOCAL_CHAIN_ID
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    // Injected <style> elements: RainbowKit's theme and vaul's sheet are fixed text, but react-remove-scroll-bar (the
    // scroll lock of RainbowKit's modal and of the sheets) writes the device's scrollbar width and the body's margins
    // into its own, so no hash can allow it. Styles cannot run code; scripts stay 'self' only.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    // The holder may read through an RPC of their own choosing, and WalletConnect's relay is a WebSocket: any
    // https/wss endpoint, and on the local chain anvil and the local relay.
    ['connect-src', "'self'", 'https:', 'wss:', ...(local ? ['http://127.0.0.1:*', 'ws://127.0.0.1:*'] : [])],
    // WalletConnect attests the page's origin in a hidden frame of its Verify service.
    ['frame-src', 'https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['object-src', "'none'"],
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}

/** The `<meta>` that applies {@link contentSecurityPolicy} to the page, first after the charset. */
export function contentSecurityPolicyMeta(env: Record<string, string | undefined>): Plugin {
  const policy = contentSecurityPolicy({ chainId: Number(env.VITE_CHAIN_ID?.trim()) })
  const charset = '<meta charset="UTF-8" />'
  return {
    name: 'nai:content-security-policy',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(charset)) throw new Error(`index.html lost its ${charset}, after which the policy goes.`)
      return html.replace(charset, `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`)
    },
  }
}
