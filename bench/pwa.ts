/**
 * `npm run bench:pwa`: the PWA figures. Builds the app against a seeded local chain, then reports
 * - the precache: what the service worker downloads when it installs (the app shell), raw and gzip;
 * - the time from navigation to the cached position on screen, opened in a new tab with no network at all (the
 *   service worker serves the shell, the persisted cache the figures), with the CPU slowed 4× like a mid-range
 *   phone: median of 5 runs.
 * A benchmark, not a test: it prints figures and the target (under 1 second), it does not fail on them.
 */
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from '@playwright/test'
import { AppServer } from '../e2e/pwa/server.ts'
import { precacheManifest } from '../e2e/pwa/shell.ts'
import type { Anvil } from '../scripts/lib/anvil.ts'
import { DEMO_HOLDERS, scheduleForPhase, seedDemo, startDemoChain } from '../scripts/lib/seed.ts'
import { formatTokenAmount } from '../src/features/vesting/domain/format.ts'
import { launchBrowser } from './lib/browser.ts'
import { median } from './lib/measure.ts'
import { ensureContracts } from './lib/stack.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const outDir = join(root, 'dist-bench-pwa')
const RUNS = 5
const CPU_SLOWDOWN = 4
const TARGET_MS = 1_000
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

function build(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4_000)
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${errors}`)),
    )
  })
}

function precacheFigures() {
  const manifest = precacheManifest(outDir)
  let raw = 0
  let gzip = 0
  let js = 0
  for (const url of manifest.keys()) {
    const body = readFileSync(join(outDir, url))
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
    if (url.endsWith('.js')) js += body.length
  }
  return { files: manifest.size, raw, gzip, js }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** Records, in the page, when a text first appears on screen (the frame after it enters the DOM). */
function recordWhenShown(text: string) {
  const target = window as Window & { shownAt?: number }
  const observer = new MutationObserver(() => {
    if (target.shownAt !== undefined) return
    if (!Array.from(document.getElementsByTagName('dd')).some((element) => element.textContent === text)) return
    observer.disconnect()
    requestAnimationFrame(() => {
      target.shownAt = performance.now()
    })
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true })
}

async function shownAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as Window & { shownAt?: number }).shownAt, undefined, {
    timeout: 30_000,
  })
  return Number(await handle.jsonValue())
}

async function main() {
  const holder = DEMO_HOLDERS[0]
  if (!holder) throw new Error('No demo holder.')
  const amountText = `${formatTokenAmount(holder.amount, 18)} NAI`
  let anvil: Anvil | undefined
  let server: AppServer | undefined
  let browser: Browser | undefined
  try {
    await ensureContracts()
    const now = BigInt(Math.floor(Date.now() / 1000))
    anvil = await startDemoChain(scheduleForPhase('claim', now), now)
    const deployment = await seedDemo({ rpcUrl: anvil.rpcUrl, phase: 'claim', now, holders: [holder], blockTime: 1 })
    console.log('Building the app…')
    await build({
      VITE_CHAIN_ID: String(deployment.chainId),
      VITE_RPC_URL: anvil.rpcUrl,
      VITE_VESTING_ADDRESS: deployment.vesting,
      VITE_LEGACY_ADDRESS: deployment.legacyClaim,
    })
    const precache = precacheFigures()

    server = await AppServer.start(outDir)
    browser = await launchBrowser()
    const context = await browser.newContext(PHONE)
    await context.addInitScript((account) => localStorage.setItem('nai.localTestAccount', account), holder.address)
    await context.addInitScript(recordWhenShown, amountText)

    // A first visit online: the worker installs, the holder connects and the position is read and persisted.
    const first = await context.newPage()
    await first.goto(server.url)
    await first.waitForFunction(async () => {
      await navigator.serviceWorker.ready
      return navigator.serviceWorker.controller !== null
    })
    await first.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await first.getByRole('button', { name: 'Local test wallet' }).click()
    await shownAt(first)
    await first.waitForFunction(() => localStorage.getItem('nai.queryCache')?.includes('claimByOwner') ?? false)
    await first.close()

    // No network from here on.
    server.goDown()
    await context.setOffline(true)
    const runs: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      // A new tab of the installed app: the service worker serves the shell, the cache the position.
      await page.goto(server.url, { waitUntil: 'commit', timeout: 30_000 })
      runs.push(await shownAt(page))
      await page.close()
    }

    const middle = median(runs)
    console.log('')
    console.log(
      `Precache: ${precache.files} files, ${precache.raw} bytes (${kib(precache.raw)}; ${kib(precache.gzip)} gzip; ` +
        `JavaScript ${kib(precache.js)}) — budget 1.2 MB`,
    )
    console.log(
      `Offline open to cached position, ${CPU_SLOWDOWN}× CPU slowdown, ${RUNS} new tabs: ` +
        `${runs.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    )
    console.log(
      `  median ${Math.round(middle)} ms (target under ${TARGET_MS} ms: ${middle < TARGET_MS ? 'met' : 'missed'})`,
    )
  } finally {
    await browser?.close()
    await server?.stop()
    await anvil?.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
