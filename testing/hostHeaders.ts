/**
 * A build's `_headers` file applied to responses as Netlify and Cloudflare Pages apply it (their documentation of
 * "Custom headers"): a line that starts with `/` is a path pattern, where `*` matches any run of characters (a splat);
 * the indented `Name: value` lines under it are its headers; `#` starts a comment. Every rule whose pattern matches the
 * request's path applies, in the file's order, and a header that several matching rules set is sent once with their
 * values joined by a comma.
 */
export type HeaderRule = { pattern: RegExp; headers: [string, string][] }

function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')
  return new RegExp(`^${escaped}$`)
}

export function parseHostHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '')
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    if (line.startsWith('/')) {
      rules.push({ pattern: patternOf(line.trim()), headers: [] })
      continue
    }
    const rule = rules.at(-1)
    const colon = line.indexOf(':')
    if (!rule || !/^\s/.test(line) || colon < 0) throw new Error(`_headers: cannot read "${raw}".`)
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return rules
}

/** The headers for `path`, by lower-case name. */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase()
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`
    }
  }
  return headers
}
