import { describe, expect, it } from 'vitest'
import { hostHeaders } from '../src/pwa/build/hostHeaders'
import { headersFor, parseHostHeaders } from './hostHeaders'

describe('_headers as Netlify and Cloudflare Pages apply it', () => {
  const rules = parseHostHeaders(`# every page
/*
  X-One: a
  Cache-Control: no-cache

/assets/*
  Cache-Control: immutable

/manifest.json
  Access-Control-Allow-Origin: *
`)

  it('applies every matching rule, joining a header that several set', () => {
    expect(headersFor(rules, '/')).toEqual({ 'x-one': 'a', 'cache-control': 'no-cache' })
    expect(headersFor(rules, '/assets/index-1.js')).toEqual({ 'x-one': 'a', 'cache-control': 'no-cache, immutable' })
    expect(headersFor(rules, '/manifest.json')).toEqual({
      'x-one': 'a',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
    })
    expect(headersFor(rules, '/manifest.jsonx')['access-control-allow-origin']).toBeUndefined()
  })

  it("reads the build's own file", () => {
    const built = parseHostHeaders(hostHeaders({ chainId: 31337 }))
    expect(headersFor(built, '/manifest.json')['access-control-allow-origin']).toBe('*')
    expect(headersFor(built, '/')['content-security-policy']).toMatch(
      /frame-ancestors 'self' https:\/\/app\.safe\.global$/,
    )
    expect(headersFor(built, '/index.html')['access-control-allow-origin']).toBeUndefined()
  })

  it('refuses a header line outside a rule', () => {
    expect(() => parseHostHeaders('  X-One: a\n')).toThrow('_headers: cannot read "  X-One: a".')
  })
})
