import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { AppServer } from '../../testing/appServer'
import { buildEnv } from '../../testing/env'
import { test as base } from '../fixtures/index'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Builds the app for the test chain into `dir`, with `buildId` making it a distinct version. */
function buildApp(dir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      env: { ...process.env, ...buildEnv, VITE_BUILD_ID: buildId },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000)
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build into ${dir} failed (${code}):\n${output}`)),
    )
  })
}

export type Builds = {
  /** The app under test, built for the test chain. */
  current: string
  /** The same app as a later deployment: another version, so the service worker finds an update. */
  next: string
}

const buildsRoot = `${root}dist-e2e-pwa`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Builds both versions once per test run (the Playwright runner's pid names the run), shared by every worker and
 * project of the run. Builds of runs that have ended are removed.
 */
async function buildsForThisRun(): Promise<Builds> {
  const run = process.ppid
  const dir = `${buildsRoot}/run-${run}`
  const builds = { current: `${dir}/current`, next: `${dir}/next` }
  mkdirSync(buildsRoot, { recursive: true })
  for (const entry of readdirSync(buildsRoot)) {
    const pid = Number(entry.replace(/^run-/, ''))
    if (pid !== run && !isRunning(pid)) rmSync(`${buildsRoot}/${entry}`, { recursive: true, force: true })
  }
  const complete = `${dir}/.complete`
  try {
    mkdirSync(dir)
  } catch {
    // Another worker of this run builds them: wait for it.
    const deadline = Date.now() + 240_000
    while (!existsSync(complete)) {
      if (Date.now() > deadline) throw new Error(`The PWA builds in ${dir} did not complete.`)
      await new Promise((done) => setTimeout(done, 500))
    }
    return builds
  }
  await buildApp(builds.current, 'current')
  await buildApp(builds.next, 'next')
  writeFileSync(complete, '')
  return builds
}

export type PwaFixtures = {
  /** Serves `builds.current` on its own port; can go down and deploy `builds.next`. */
  app: AppServer
}

export const test = base.extend<PwaFixtures, { builds: Builds }>({
  builds: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(await buildsForThisRun())
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  app: async ({ builds }, use) => {
    const server = await AppServer.start(builds.current)
    await use(server)
    await server.stop()
  },
})

/** Resolves once a service worker controls the page and has finished installing the precache. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.ready
      return navigator.serviceWorker.controller !== null && registration.active?.state === 'activated'
    },
    undefined,
    { timeout: 20_000 },
  )
}

export { expect } from '../fixtures/index'
