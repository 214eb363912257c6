import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.ts'
import { root, run } from './stack.ts'

const require = createRequire(import.meta.url)

export type LighthouseRun = {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  siMs: number
  /** The element Lighthouse found to be the largest contentful paint, as its HTML opening. */
  lcpElement: string
  /** Every URL the page requested. */
  requests: string[]
}

type Report = {
  categories: { performance: { score: number | null } }
  audits: Record<
    string,
    {
      numericValue?: number
      details?: { items?: { url?: string; items?: { node?: { snippet?: string } }[] }[] }
    }
  >
  runtimeError?: { code: string; message: string }
}

function audit(report: Report, id: string): number {
  const value = report.audits[id]?.numericValue
  if (value === undefined) throw new Error(`Lighthouse reported no ${id}.`)
  return value
}

/** The largest contentful paint's element: the first node of the audit's first table. */
function lcpElement(report: Report): string {
  const snippet = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet
  return snippet ?? 'not reported'
}

/**
 * One Lighthouse run with its defaults — mobile form factor, simulated throttling (slow 4G, 4× CPU), or its desktop
 * preset — in a fresh headless Chromium (empty cache, no wallet: a first visit) whose language is `language` (en-US
 * by default). Runs the CLI in its own process, so that its Chromium is its own and is stopped with it.
 */
export async function runLighthouse(
  url: string,
  outFile: string,
  { desktop = false, language = 'en-US' }: { desktop?: boolean; language?: string } = {},
): Promise<LighthouseRun> {
  mkdirSync(`${root}bench/results/lighthouse`, { recursive: true })
  const cli = join(dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js')
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    // The language of the browser's interface and the one it asks pages for (navigator.languages).
    `--chrome-flags=--headless=new --lang=${language} --accept-lang=${language} ${CHROMIUM_FLAGS.join(' ')}`,
    '--quiet',
    // Lighthouse's desktop preset: a wide screen and a fast network, for the desktop layout's figures.
    ...(desktop ? ['--preset=desktop'] : []),
  ]
  await run(process.execPath, args, { ...process.env, CHROME_PATH: CHROMIUM }, 'Lighthouse', {
    timeoutMs: 180_000,
    keepChars: 4_000,
  })
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as Report
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`)
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: audit(report, 'largest-contentful-paint'),
    tbtMs: audit(report, 'total-blocking-time'),
    cls: audit(report, 'cumulative-layout-shift'),
    fcpMs: audit(report, 'first-contentful-paint'),
    siMs: audit(report, 'speed-index'),
    lcpElement: lcpElement(report),
    requests: (report.audits['network-requests']?.details?.items ?? []).flatMap((item) => (item.url ? [item.url] : [])),
  }
}
