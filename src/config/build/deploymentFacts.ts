import type { Plugin } from 'vite'
import { DEMO_LINKS, PUBLIC_CHAIN_IDS, parseDeploymentFacts } from '../publicLinks'
import { escapeHtml } from './html'

/** The demo's stand-in pages: what each one replaces and the variable that names the real one. */
const DEMO_PAGES = [
  { path: DEMO_LINKS.blogOnboarding, title: 'Onboarding Community Feedback', variable: 'VITE_BLOG_ONBOARDING_URL' },
  {
    path: DEMO_LINKS.blogUpdate,
    title: 'Important NAI Vesting & Claim Portal Update',
    variable: 'VITE_BLOG_UPDATE_URL',
  },
  { path: DEMO_LINKS.telegram, title: 'NAI on Telegram', variable: 'VITE_TELEGRAM_URL' },
  { path: DEMO_LINKS.x, title: 'NAI on X', variable: 'VITE_X_URL' },
] as const

function demoPage({ title, variable }: (typeof DEMO_PAGES)[number]): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)} (local demo)</title>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      <p>This is the local demo's own page. A build for Ethereum or Avalanche links to the real one, named by <code>${variable}</code>.</p>
      <p><a href="/">Back to the portal</a></p>
    </main>
  </body>
</html>
`
}

/**
 * Fails a build for a public chain that does not name its blog and social links and its deployment block, with the
 * variables to set; gives a local build (and the dev server) the demo's own pages to link to instead.
 */
export function deploymentFacts(env: Record<string, string | undefined>): Plugin {
  const chainId = Number(env.VITE_CHAIN_ID?.trim())
  const isPublic = (PUBLIC_CHAIN_IDS as readonly number[]).includes(chainId)
  const pages = new Map(DEMO_PAGES.map((page) => [page.path, page]))
  return {
    name: 'nai:deployment-facts',
    configResolved(config) {
      if (config.command !== 'build' || !isPublic) return
      const result = parseDeploymentFacts(env, chainId)
      if (result.ok) return
      throw new Error(
        `This build for chain ${chainId} cannot be made: ${result.errors.length} required setting(s) missing or wrong.\n` +
          result.errors.map((error) => `  - ${error.message}`).join('\n'),
      )
    },
    configureServer(server) {
      if (isPublic) return
      server.middlewares.use((request, response, next) => {
        const page = pages.get(request.url?.split('?')[0] ?? '')
        if (!page) return next()
        response.setHeader('content-type', 'text/html; charset=utf-8')
        response.end(demoPage(page))
      })
    },
    generateBundle() {
      if (isPublic) return
      for (const page of DEMO_PAGES) {
        this.emitFile({ type: 'asset', fileName: page.path.slice(1), source: demoPage(page) })
      }
    },
  }
}
