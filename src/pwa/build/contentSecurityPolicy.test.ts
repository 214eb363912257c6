import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './contentSecurityPolicy'

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

/** The headers `public/_headers` gives every path (`/*`), by name. */
function hostedHeaders(): Map<string, string> {
  const text = readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8')
  const block = text.split(/^\/\*\s*$/m)[1]?.split(/^\S/m)[0] ?? ''
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

describe('public/_headers', () => {
  const headers = hostedHeaders()

  it("sends the page's policy for a public chain, plus the frame ancestors only a header can name", () => {
    const hosted = headers.get('Content-Security-Policy') ?? ''
    const page = contentSecurityPolicy({ chainId: 1 })
    expect(hosted.startsWith(`${page}; frame-ancestors `)).toBe(true)
    const ancestors = directives(hosted).get('frame-ancestors')
    expect(ancestors).toContain("'self'")
    expect(ancestors).toContain('https://app.safe.global')
    expect(ancestors).not.toContain('*')
  })

  it('sets the other security headers, and never refuses framing outright', () => {
    expect(headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(headers.get('Permissions-Policy')).toMatch(/camera=\(\)/)
    expect(headers.has('X-Frame-Options')).toBe(false)
  })
})
