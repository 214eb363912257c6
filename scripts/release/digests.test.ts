import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { assetsDigest, sha256sumLines } from '../../src/pwa/build/buildDigest'
import { directoryCid, fileDigests, listFiles } from './digests'

const IPFS_CAR = fileURLToPath(new URL('../../node_modules/.bin/ipfs-car', import.meta.url))
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'nai-release-'))
  dirs.push(dir)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

// CIDs written out by hand, from the formats' definitions, to check the library against something it did not make.
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())
const varint = (n: number) => {
  const out: number[] = []
  for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80)
  return [...out, n]
}
const bytes = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((part) => [...part]))
const field = (tag: number, value: Uint8Array) => bytes([tag], varint(value.length), value)
/** CIDv1 bytes: version, codec (0x55 raw, 0x70 dag-pb), then the sha2-256 multihash. */
const cidBytes = (codec: number, block: Uint8Array) => bytes([0x01, codec, 0x12, 0x20], sha256(block))
/** Multibase `b`: RFC 4648 base32, lower case, no padding. */
function base32(data: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  let bits = 0
  let value = 0
  let out = 'b'
  for (const byte of data) {
    value = (value << 8) | byte
    bits += 8
    for (; bits >= 5; bits -= 5) out += alphabet[(value >>> (bits - 5)) & 31]
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out
}
/** A UnixFS directory holding one small file: a dag-pb node with one link (hash, name, size), then `Data{Type: Directory}`. */
function oneFileDirectory(name: string, content: string): string {
  const leaf = new TextEncoder().encode(content)
  const link = bytes(
    field(0x0a, cidBytes(0x55, leaf)),
    field(0x12, new TextEncoder().encode(name)),
    [0x18],
    varint(leaf.length),
  )
  const node = bytes(field(0x12, link), field(0x0a, new Uint8Array([0x08, 0x01])))
  return base32(cidBytes(0x70, node))
}

describe('directoryCid', () => {
  it('gives the well-known CIDv1 of an empty UnixFS directory', async () => {
    expect(await directoryCid(tree({}))).toBe('bafybeiczsscdsbs7ffqz55asqdf3smv6klcw3gofszvwlyarci47bgf354')
  })

  it('matches a directory node encoded by hand', async () => {
    const expected = oneFileDirectory('index.html', '<!doctype html>\n')
    expect(expected).toMatch(/^bafybei/)
    expect(await directoryCid(tree({ 'index.html': '<!doctype html>\n' }))).toBe(expected)
  })

  it('matches a fixed vector with nested folders, and what `ipfs-car pack` prints for the same folder', async () => {
    const dir = tree({ 'a.txt': 'hello\n', 'sub/b.txt': 'x' })
    const cid = await directoryCid(dir)
    expect(cid).toBe('bafybeidzvyerlcjv6xg26jrhrv2zblydyhnrvxkww3e4skvz6jmenhmy7e')
    const car = join(dir, '..', `${dir.split('/').pop()}.car`)
    dirs.push(car)
    const printed = execFileSync(IPFS_CAR, ['pack', dir, '--output', car], { encoding: 'utf8' })
    expect(printed.trim()).toBe(cid)
  }, 30_000)

  it('changes when one byte of one file changes', async () => {
    const one = await directoryCid(tree({ 'assets/app.js': 'console.log(1)' }))
    const other = await directoryCid(tree({ 'assets/app.js': 'console.log(2)' }))
    expect(one).not.toBe(other)
  })
})

describe('file digests', () => {
  it('lists every file with its SHA-256, as sha256sum prints and checks them', async () => {
    const dir = tree({ 'index.html': 'page', 'assets/b.js': 'b', 'assets/a.css': 'a', _headers: 'h' })
    expect(await listFiles(dir)).toEqual(['_headers', 'assets/a.css', 'assets/b.js', 'index.html'])
    const files = await fileDigests(dir)
    const listing = sha256sumLines(files)
    expect(listing).toBe(
      execFileSync('sha256sum', ['_headers', 'assets/a.css', 'assets/b.js', 'index.html'], {
        cwd: dir,
        encoding: 'utf8',
      }),
    )
    expect(execFileSync('sha256sum', ['-c', '--quiet'], { cwd: dir, input: listing, encoding: 'utf8' })).toBe('')
  })

  it('digests the assets as the documented shell pipeline does, leaving other files out', async () => {
    const dir = tree({ 'index.html': 'page', 'assets/b.js': 'b', 'assets/a.css': 'a' })
    const shell = execFileSync('sh', ['-c', 'find assets -type f | LC_ALL=C sort | xargs sha256sum | sha256sum'], {
      cwd: dir,
      encoding: 'utf8',
    })
    const files = await fileDigests(dir)
    expect(assetsDigest(files)).toBe(shell.split(' ')[0])
    expect(assetsDigest(files.filter((file) => file.path !== 'index.html'))).toBe(assetsDigest(files))
  })
})
