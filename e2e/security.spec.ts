import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { directoryCid, fileDigests } from '../scripts/release/digests'
import { ASSETS_DIGEST_META } from '../src/lib/buildInfo'
import { assetsDigest } from '../src/pwa/build/buildDigest'
import { contentSecurityPolicy } from '../src/pwa/build/contentSecurityPolicy'
import { AppServer } from '../testing/appServer'
import { buildEnv, chainId, outDir } from '../testing/env'
import { accounts, expect, type Holder, nai, percent, test } from './fixtures/index'
import { claimPanel, confirmDialog, openConfirmation } from './fixtures/ui'

const alice: Holder = { account: accounts.alice, amount: nai('1234.5'), burnPercentage: percent(25) }
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

test.describe('the Content-Security-Policy', () => {
  test('the built page has no inline script and carries the policy in a meta tag', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    // The one inline element is data, which the browser never runs: the prerendered page's words by locale.
    const data = scripts.filter(([, attributes = '']) => attributes.includes('type="application/json"'))
    expect(data.map(([, attributes]) => attributes)).toEqual([' type="application/json" id="shell-words"'])
    expect(Object.keys(JSON.parse(data[0]?.[2] ?? '') as object)).toContain('de')
    const code = scripts.filter((script) => !data.includes(script))
    expect(code.length).toBeGreaterThan(0)
    for (const [, attributes = '', body = ''] of code) {
      expect(attributes).toMatch(/\ssrc="\/[^/]/)
      expect(body.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+=/i)
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ chainId })}" />`,
    )
  })

  test('an injected inline script, eval, and scripts from another origin, data: and blob: do not run', async ({
    browser,
    baseURL,
  }) => {
    // A script another origin would serve, which would set a mark if it ran.
    const foreign = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end('window.__ran.push("foreign")')
    })
    await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done))
    const foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/evil.js`
    // A context of its own: the journeys' guard would (rightly) fail on the violations this test provokes.
    const context = await browser.newContext({ baseURL })
    try {
      const page = await context.newPage()
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const outcome = await page.evaluate(async (src) => {
        const ran: string[] = []
        const violations: { directive: string; blocked: string; policy: string }[] = []
        Object.assign(window, { __ran: ran })
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            policy: event.originalPolicy,
          }),
        )
        const inject = (script: HTMLScriptElement) =>
          new Promise<void>((done) => {
            script.onload = () => done()
            script.onerror = () => done()
            document.head.append(script)
            // An inline script fires neither event: it runs (or is refused) as it is inserted.
            if (!script.src) done()
          })
        const inline = document.createElement('script')
        inline.textContent = 'window.__ran.push("inline")'
        await inject(inline)
        const external = document.createElement('script')
        external.src = src
        await inject(external)
        const data = document.createElement('script')
        data.src = 'data:text/javascript,window.__ran.push("data")'
        await inject(data)
        const blob = document.createElement('script')
        blob.src = URL.createObjectURL(new Blob(['window.__ran.push("blob")'], { type: 'text/javascript' }))
        await inject(blob)
        let evalError = ''
        try {
          // biome-ignore lint/security/noGlobalEval: the point is that the page refuses it.
          eval('window.__ran.push("eval")')
        } catch (error) {
          evalError = error instanceof Error ? error.name : String(error)
        }
        await new Promise((done) => setTimeout(done, 200))
        return { ran, violations, evalError }
      }, foreignUrl)
      expect(outcome.ran).toEqual([])
      expect(outcome.evalError).toBe('EvalError')
      // Two policies apply, the hosting's header and the page's <meta>, and each refuses every one of them.
      const headerPolicy = (policy: string) => policy.includes('frame-ancestors')
      const blocked = (directive: string, fromHeader: boolean) =>
        outcome.violations
          .filter((violation) => violation.directive === directive && headerPolicy(violation.policy) === fromHeader)
          .map((violation) => violation.blocked)
      expect(blocked('script-src-elem', true)).toEqual(['inline', foreignUrl, 'data', 'blob'])
      expect(blocked('script-src-elem', false)).toEqual(['inline', foreignUrl, 'data', 'blob'])
      expect(blocked('script-src', true)).toEqual(['eval'])
      expect(blocked('script-src', false)).toEqual(['eval'])
    } finally {
      await context.close()
      foreign.close()
    }
  })

  test('a connect and claim journey, through RainbowKit and the sheets, runs without a single violation', async ({
    page,
    chain,
    wallet,
    cspViolations,
  }) => {
    await chain.addHolder(alice)
    wallet.setAccount(accounts.alice)
    await page.goto('/')
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await page.getByRole('button', { name: /E2E Wallet/ }).click()
    await expect(claimPanel(page)).toBeVisible()
    await openConfirmation(page)
    await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
    expect(await chain.balanceOf(accounts.alice)).toBe(nai('925.875'))
    // The guard checks once more when the test ends; the styles RainbowKit and the sheets inject were all allowed.
    expect(await page.locator('style').count()).toBeGreaterThan(0)
    expect(cspViolations).toEqual([])
  })
})

test.describe('a build holders can verify', () => {
  test('"About this build" shows the version, the commit and the digest of the assets served', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'About this build' }).click()
    const sheet = page.getByRole('dialog', { name: 'About this build' })
    await expect(sheet).toBeVisible()
    const digest = assetsDigest(await fileDigests(outDir))
    await expect(sheet.getByText(version, { exact: true })).toBeVisible()
    await expect(sheet.getByText(buildEnv.VITE_COMMIT, { exact: true })).toBeVisible()
    await expect(sheet.getByText(digest, { exact: true })).toBeVisible()
    const meta = await page.locator(`meta[name="${ASSETS_DIGEST_META}"]`).getAttribute('content')
    expect(meta).toBe(digest)
  })

  test('served from another origin root, such as an IPFS subdomain gateway, the app shows the position', async ({
    page,
    chain,
    wallet,
    cspViolations,
  }) => {
    await chain.addHolder(alice)
    const server = await AppServer.start(outDir)
    try {
      // One origin per site, as a subdomain gateway gives it: `<cid>.ipfs.<gateway>`, here on a loopback name.
      const origin = `http://${await directoryCid(outDir)}.ipfs.localhost:${server.port}`
      await wallet.connectAs(accounts.alice)
      await page.goto(`${origin}/`)
      await expect(claimPanel(page)).toBeVisible()
      await expect(page.getByText('1,234.5 NAI', { exact: true }).first()).toBeVisible()
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${origin}/`)
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
        const response = await fetch(link?.href ?? '')
        const body = (await response.json()) as { id: string; start_url: string; icons: { src: string }[] }
        const icons = await Promise.all(body.icons.map(async (icon) => (await fetch(icon.src)).status))
        return { id: body.id, startUrl: new URL(body.start_url, response.url).href, icons }
      })
      expect(manifest).toEqual({ id: '/', startUrl: `${origin}/`, icons: [200, 200, 200, 200] })
      // Every file came from this origin, and none was missing.
      expect(server.requests().filter((served) => served.status !== 200)).toEqual([])
      expect(server.requests().map((served) => served.path)).toContain('/sw.js')
      expect(cspViolations).toEqual([])
    } finally {
      await server.stop()
    }
  })
})
