import { readFileSync } from 'node:fs'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]))

type SourceMap = { sources: string[]; mappings: string }

/** Decodes one line of source-map mappings into [generatedColumn, sourceIndex | -1] segments. */
function* segments(mappings: string): Generator<{ line: number; column: number; source: number }> {
  let source = 0
  let line = 0
  for (const text of mappings.split(';')) {
    let column = 0
    for (const segment of text.split(',')) {
      if (!segment) continue
      const fields: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = DIGIT.get(char) ?? 0
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0] ?? 0
      if (fields.length >= 4) {
        source += fields[1] ?? 0
        yield { line, column, source }
      } else yield { line, column, source: -1 }
    }
    line++
  }
}

/** The package a bundled source file came from ("src" for the app's own code). */
export function packageOf(path: string): string {
  const parts = path.split('node_modules/')
  const last = parts[parts.length - 1] ?? path
  if (parts.length === 1) return path.includes('/src/') || path.startsWith('src/') ? 'src' : path
  const [scope, name] = last.split('/')
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? last)
}

/**
 * Minified bytes of `chunkFile` per package, from its source map: each generated segment's length (up to the next
 * segment) is charged to the package of the source it maps to.
 */
export function attributeChunk(chunkFile: string, group: (path: string) => string = packageOf): Map<string, number> {
  const code = readFileSync(chunkFile, 'utf8').split('\n')
  const map = JSON.parse(readFileSync(`${chunkFile}.map`, 'utf8')) as SourceMap
  const bytes = new Map<string, number>()
  const all = [...segments(map.mappings)]
  for (const [index, segment] of all.entries()) {
    const next = all[index + 1]
    const lineLength = code[segment.line]?.length ?? 0
    const end = next && next.line === segment.line ? next.column : lineLength
    const owner = segment.source < 0 ? '(unmapped)' : group(map.sources[segment.source] ?? '(unknown)')
    bytes.set(owner, (bytes.get(owner) ?? 0) + Math.max(0, end - segment.column))
  }
  return bytes
}
