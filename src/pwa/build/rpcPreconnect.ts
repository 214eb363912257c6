import type { HtmlTagDescriptor, Plugin } from 'vite'
import { chainFor } from '../../config/chains'
import { parseConfig } from '../../config/env'

/**
 * A `<link rel="preconnect">` to the RPC endpoint the build reads from, or nothing when the configuration is invalid
 * (the app then shows its configuration error page and reads nothing). The chain reads are fetch() calls without
 * credentials, hence `crossorigin`: the browser opens the connection they will use while the scripts still load.
 */
export function rpcPreconnectTags(env: Record<string, string | undefined>): HtmlTagDescriptor[] {
  const parsed = parseConfig(env)
  if (!parsed.ok) return []
  const rpcUrl = chainFor(parsed.config).rpcUrls.default.http[0]
  if (!rpcUrl) return []
  return [
    { tag: 'link', attrs: { rel: 'preconnect', href: new URL(rpcUrl).origin, crossorigin: '' }, injectTo: 'head' },
  ]
}

/** Adds {@link rpcPreconnectTags} for the build's environment to index.html. */
export function rpcPreconnect(): Plugin {
  let env: Record<string, string | undefined> = {}
  return {
    name: 'nai:rpc-preconnect',
    configResolved(config) {
      env = config.env
    },
    transformIndexHtml: () => rpcPreconnectTags(env),
  }
}
