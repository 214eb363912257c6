import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './contentSecurityPolicy'
import { hostHeaders } from './hostHeaders'

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

/** The headers the build's `_headers` gives every path (`/*`), by name, for `chainId`. */
function hostedHeaders(chainId: number): Map<string, string> {
  const block =
    hostHeaders({ chainId })
      .split(/^\/\*\s*$/m)[1]
      ?.split(/^\S/m)[0] ?? ''
  return new Map(
    block
      .split('\n')
      .filter((line) => line.startsWith('  ') && line.includes(':'))
      .map((line) => {
        const [name = '', ...value] = line.trim().split(':')
        return [name, value.join(':').trim()]
      }),
  )
}

describe('contentSecurityPolicy', () => {
  it("allows scripts from the app's own origin only: no inline, eval, data: or blob: script", () => {
    for (const chainId of [1, 43114, 31337]) {
      const policy = directives(contentSecurityPolicy({ chainId }))
      expect(policy.get('script-src')).toEqual(["'self'"])
      expect(policy.get('default-src')).toEqual(["'none'"])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('base-uri')).toEqual(["'none'"])
    }
  })

  it("lets any https/wss RPC and relay through, and anvil's only on the local chain", () => {
    expect(directives(contentSecurityPolicy({ chainId: 1 })).get('connect-src')).toEqual(["'self'", 'https:', 'wss:'])
    expect(directives(contentSecurityPolicy({ chainId: 31337 })).get('connect-src')).toEqual([
      "'self'",
      'https:',
      'wss:',
      'http://127.0.0.1:*',
      'ws://127.0.0.1:*',
    ])
  })
})

describe("the build's _headers", () => {
  it.each([1, 43114, 31337])(
    "sends the page's policy for chain %i, plus the frame ancestors only a header can name",
    (chainId) => {
      const hosted = hostedHeaders(chainId).get('Content-Security-Policy') ?? ''
      const page = contentSecurityPolicy({ chainId })
      expect(hosted).toBe(`${page}; frame-ancestors 'self' https://app.safe.global`)
      const ancestors = directives(hosted).get('frame-ancestors')
      expect(ancestors).not.toContain('*')
    },
  )

  it('sets the other security headers, and never refuses framing outright', () => {
    const headers = hostedHeaders(1)
    expect(headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(headers.get('Permissions-Policy')).toMatch(/camera=\(\)/)
    expect(headers.has('X-Frame-Options')).toBe(false)
  })

  it('lets Safe{Wallet} read the manifests from its own origin', () => {
    const text = hostHeaders({ chainId: 1 })
    for (const path of ['/manifest.json', '/manifest.webmanifest']) {
      expect(text).toContain(`${path}\n  Access-Control-Allow-Origin: *\n`)
    }
  })
})
