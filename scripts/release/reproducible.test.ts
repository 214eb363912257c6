import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { ASSETS_DIGEST_META } from '../../src/lib/buildInfo'
import { assetsDigest } from '../../src/pwa/build/buildDigest'
import { directoryCid, fileDigests, listFiles } from './digests'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'nai-reproducible-'))
// Two copies of node_modules (hard links) take a while to remove.
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000)

/** The build environment of a release, the same for both builds; only the place and the clock differ. */
const ENV = {
  VITE_CHAIN_ID: '31337',
  VITE_RPC_URLS: 'http://127.0.0.1:8545',
  VITE_VESTING_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  VITE_LEGACY_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  VITE_COMMIT: '0123456789abcdef0123456789abcdef01234567',
}

/**
 * A copy of the source as a clone or an archive of it would give (the files git tracks, plus new ones not ignored),
 * with its own node_modules (hard links: the same packages at another path).
 */
function checkout(path: string): string {
  const dir = join(work, path)
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repo,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(repo, file), join(dir, file))
  }
  execFileSync('cp', ['-al', join(repo, 'node_modules'), join(dir, 'node_modules')])
  return dir
}

function release(dir: string, env: Record<string, string>): string {
  return execFileSync('npx', ['tsx', 'scripts/release/cli.ts'], {
    cwd: dir,
    env: { ...process.env, ...ENV, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

it('two builds of the same source in different places, time zones and locales give byte-identical files', async () => {
  const first = checkout('a')
  const second = checkout('elsewhere/deeper/b')
  const firstOutput = release(first, { TZ: 'UTC', LANG: 'C.UTF-8' })
  const secondOutput = release(second, { TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8' })

  const firstDist = join(first, 'dist')
  const secondDist = join(second, 'dist')
  const files = await listFiles(firstDist)
  expect(files).toContain('index.html')
  expect(files).toContain('sw.js')
  const secondFiles = await listFiles(secondDist)
  expect(
    secondFiles.filter((file) => !files.includes(file)),
    'files only the second build has',
  ).toEqual(files.filter((file) => !secondFiles.includes(file)))
  expect(secondFiles).toEqual(files)
  for (const file of files) {
    const same = readFileSync(join(firstDist, file)).equals(readFileSync(join(secondDist, file)))
    expect(same, `${file} differs between the two builds`).toBe(true)
  }
  // Nothing in the build names the place it was made.
  for (const file of files) expect(readFileSync(join(firstDist, file), 'utf8')).not.toContain(work)

  // Both print the same figures, and the figures are the files'.
  expect(secondOutput).toBe(firstOutput)
  const digests = await fileDigests(firstDist)
  const cid = await directoryCid(firstDist)
  expect(firstOutput).toContain(`IPFS CIDv1: ${cid}\n`)
  expect(firstOutput).toContain(`Commit: ${ENV.VITE_COMMIT}\n`)
  for (const { path, sha256 } of digests) expect(firstOutput).toContain(`${sha256}  ${path}\n`)
  const html = readFileSync(join(firstDist, 'index.html'), 'utf8')
  expect(html).toContain(`<meta name="${ASSETS_DIGEST_META}" content="${assetsDigest(digests)}" />`)
  expect(firstOutput).toContain(`Assets SHA-256 (shown in "About this build"): ${assetsDigest(digests)}\n`)
}, 600_000)
