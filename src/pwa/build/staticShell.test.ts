// @vitest-environment jsdom

import type { Rollup } from 'vite'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../config/env'
import { formatDateTime } from '../../domain/format'
import { firstReadParams, readFirstReadSpec } from '../shell/firstRead'
import type { Glance } from '../shell/glance'
import { shellWords } from '../shell/texts'
import { shellTexts } from './shellTexts'
import { appEntryOf, LOCALES_DIR, shellWordsTag, staticShell, staticShellHtml } from './staticShell'

const texts = shellTexts(LOCALES_DIR)

const env = {
  VITE_CHAIN_ID: '31337',
  VITE_VESTING_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  VITE_LEGACY_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  VITE_BLOG_UPDATE_URL: 'https://blog.example.org/update?a=1&b="2"',
}

const facts = {
  VITE_TOKEN_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  VITE_CLAIM_START: '1730314800',
  VITE_CLAIM_END: '1731524400',
  VITE_UNLOCK_START: '1769972400',
  VITE_UNLOCK_END: '1801508400',
  VITE_LEGACY_CLAIM_START: '1730314800',
}

function shellFor(values: Record<string, string>): string {
  const parsed = parseConfig(values)
  if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join('\n'))
  return staticShellHtml(parsed.config, '1.0.0', texts)
}

function render(html: string): HTMLElement {
  // Followed, as in the built page, by every locale's words for it.
  document.body.innerHTML = `<div id="root">${html}</div>${shellWordsTag(texts)}`
  const root = document.getElementById('root')
  if (!root) throw new Error('no root')
  return root
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.resetModules()
  document.body.innerHTML = ''
  localStorage.clear()
  document.documentElement.lang = 'en'
  document.documentElement.dir = 'ltr'
})

describe('the prerendered shell', () => {
  it('has the header, both teasers at their configured addresses, and the card’s title', () => {
    const root = render(shellFor(env))
    expect(root.querySelector('header a.logo')?.getAttribute('aria-label')).toBe('NAI Vesting & Claim Portal home')
    const teasers = [...root.querySelectorAll('nav.blog a.blog-card')]
    expect(teasers.map((teaser) => teaser.querySelector('strong')?.textContent)).toEqual([
      'Onboarding Community Feedback',
      'Important NAI Vesting & Claim Portal Update',
    ])
    expect(teasers[1]?.getAttribute('href')).toBe('https://blog.example.org/update?a=1&b="2"')
    expect(root.querySelector('section.card h1')?.textContent).toBe('Vesting Tokens')
  })

  it('has no note without the deployment’s facts: the claim window’s end is not known before the chain answers', () => {
    expect(render(shellFor(env)).querySelector('.note')).toBeNull()
  })

  it('with the facts, has the note in UTC, and the shell script rewrites it for the viewer and the phase', async () => {
    const root = render(shellFor({ ...env, ...facts }))
    const note = root.querySelector<HTMLElement>('p.note')
    expect(note?.textContent).toBe(
      'Make your choice before Nov 13, 2024, 7:00 PM UTC to avoid having your tokens automatically locked.',
    )
    expect(note?.dataset.claimEnd).toBe('1731524400')

    vi.useFakeTimers({ now: 1731524400_000, toFake: ['Date'] })
    await import('../shell/shell')
    expect(note?.textContent).toBe(
      `The claim window closed on ${formatDateTime(1731524400n)}. Tokens left untouched were locked automatically for 12 months, then unlock linearly over another 12 months.`,
    )
    expect(note?.querySelector('time')?.getAttribute('datetime')).toBe('2024-11-13T19:00:00.000Z')
  })

  it('the shell script words the note as open one second before the window closes', async () => {
    const note = render(shellFor({ ...env, ...facts })).querySelector('p.note')
    vi.useFakeTimers({ now: 1731524399_000, toFake: ['Date'] })
    await import('../shell/shell')
    expect(note?.textContent).toBe(
      `Make your choice before ${formatDateTime(1731524400n)} to avoid having your tokens automatically locked.`,
    )
  })
})

describe('in the holder’s language', () => {
  it('the shell script words the page before its first paint: the language chosen on the device', async () => {
    localStorage.setItem('nai.locale', 'de')
    const root = render(shellFor({ ...env, ...facts }))
    vi.useFakeTimers({ now: 1731524399_000, toFake: ['Date'] })
    await import('../shell/shell')
    expect(document.documentElement.lang).toBe('de')
    expect(document.documentElement.dir).toBe('ltr')
    expect(root.querySelector('header a.logo')?.getAttribute('aria-label')).toBe(
      'Startseite des NAI Vesting & Claim Portal',
    )
    expect(root.querySelector('header a.logo span')?.textContent).toBe('NAI Vesting')
    expect(root.querySelector('nav.blog')?.getAttribute('aria-label')).toBe('Neuigkeiten')
    expect(root.querySelector('section.card h1')?.textContent).toBe('Vesting-Token')
    expect(root.querySelector('p.note')?.textContent).toBe(
      `Treffen Sie Ihre Wahl vor dem ${formatDateTime(1731524400n, 'de')}, damit Ihre Token nicht automatisch gesperrt werden.`,
    )
    expect(root.querySelector('p.note time')?.textContent).toBe(formatDateTime(1731524400n, 'de'))
    expect(root.querySelector('.connect p')?.textContent).toBe(
      'Verbinden Sie Ihr Wallet, um Ihre Vesting-Position zu sehen.',
    )
    // The blog's articles keep their own titles.
    expect(root.querySelector('nav.blog strong')?.textContent).toBe('Onboarding Community Feedback')
  })

  it('else the browser’s, and right to left for Arabic', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en'])
    const root = render(shellFor({ ...env, ...facts }))
    await import('../shell/shell')
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(root.querySelector('section.card h1')?.textContent).toBe(shellWords(texts, 'ar')('title'))
    expect(root.querySelector('section.card h1')?.textContent).not.toBe('Vesting Tokens')
  })

  it('stays English for English and for a locale the build has no words for', async () => {
    localStorage.setItem('nai.locale', 'en-XA')
    const root = render(shellFor({ ...env, ...facts }))
    await import('../shell/shell')
    expect(document.documentElement.lang).toBe('en')
    expect(root.querySelector('section.card h1')?.textContent).toBe('Vesting Tokens')
  })
})

describe('the first visit’s prompt to connect', () => {
  const prompt = (root: HTMLElement) => root.querySelector('section.card .connect p')?.textContent

  it('is prerendered with the facts, the words the app shows to a visitor with no address', () => {
    expect(prompt(render(shellFor({ ...env, ...facts })))).toBe('Connect your wallet to see your vesting position.')
    // Without them, the app shows "Loading..." until the chain answers: no prompt to take back.
    expect(prompt(render(shellFor(env)))).toBeUndefined()
  })

  it('stays when the device knows no holder', async () => {
    const root = render(shellFor({ ...env, ...facts }))
    await import('../shell/shell')
    expect(prompt(root)).toBe('Connect your wallet to see your vesting position.')
  })

  it('is taken away when the app is about to show a returning holder’s position', async () => {
    localStorage.setItem('nai.lastHolder', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    try {
      const root = render(shellFor({ ...env, ...facts }))
      await import('../shell/shell')
      expect(prompt(root)).toBeUndefined()
    } finally {
      localStorage.clear()
    }
  })
})

describe('the app’s entry chunk', () => {
  const built = (head: string) =>
    `<!doctype html><html><head>${head}</head><body>\n    <div id="root"></div>\n  </body></html>`
  const VITE_ENTRY = '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>'

  async function transform(
    values: Record<string, string>,
    html: string,
    bundle?: Rollup.OutputBundle,
  ): Promise<string> {
    const plugin = staticShell({ version: '1.0.0' })
    ;(plugin.configResolved as (config: { env: Record<string, string>; root: string }) => void)({
      env: values,
      root: process.cwd(),
    })
    const hook = plugin.transformIndexHtml as {
      order: string
      handler: (html: string, context: { bundle?: Rollup.OutputBundle }) => Promise<string>
    }
    expect(hook.order).toBe('post')
    return hook.handler(html, { bundle })
  }

  it('moves from its own tag to the shell script, which starts it', async () => {
    const html = await transform({ ...env, ...facts }, built(`\n    ${VITE_ENTRY}`))
    expect(html).not.toContain('type="module"')
    expect(html).toContain(
      '<script src="/shell.js" data-entry="/assets/index-AbCd1234.js" data-catalogs="{}"></script>',
    )
    expect(appEntryOf(html)).toBe('/assets/index-AbCd1234.js')
  })

  it('follows every locale’s words for the page, as data that no message can end early', async () => {
    const html = await transform({ ...env, ...facts }, built(`\n    ${VITE_ENTRY}`))
    expect(html).toContain(`${shellWordsTag(texts)}\n    <script src="/shell.js"`)
    const tag = shellWordsTag({ en: { title: 'A </script><script>alert(1)</script>' } })
    document.body.innerHTML = tag
    expect(document.querySelectorAll('script')).toHaveLength(1)
    expect(JSON.parse(document.getElementById('shell-words')?.textContent ?? '')).toEqual({
      en: { title: 'A </script><script>alert(1)</script>' },
    })
  })

  it("names each locale's catalog chunk for the shell script, which starts loading the page's own at once", async () => {
    const chunk = (fileName: string, facadeModuleId: string) => ({ type: 'chunk', fileName, facadeModuleId })
    const bundle = {
      a: chunk('assets/de-AbCd1234.js', '/app/src/i18n/locales/de.po'),
      b: chunk('assets/en-EfGh5678.js', '/app/src/i18n/locales/en.po'),
      c: chunk('assets/Timeline-IjKl9012.js', '/app/src/features/vesting/components/Timeline.tsx'),
    } as unknown as Rollup.OutputBundle
    const html = await transform({ ...env, ...facts }, built(`\n    ${VITE_ENTRY}`), bundle)
    const catalogs = { de: '/assets/de-AbCd1234.js', en: '/assets/en-EfGh5678.js' }
    expect(html).toContain(`data-catalogs="${JSON.stringify(catalogs).replaceAll('"', '&quot;')}"`)

    // The holder chose German on this device: German's catalog, not the browser's English.
    localStorage.setItem('nai.locale', 'de')
    render(shellFor({ ...env, ...facts }))
    const tag = document.createElement('script')
    tag.dataset.entry = '/assets/index-AbCd1234.js'
    tag.dataset.catalogs = JSON.stringify(catalogs)
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag)
    try {
      await import('../shell/shell')
    } finally {
      localStorage.clear()
    }
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/assets/de-AbCd1234.js'])
  })

  it('writes the holder’s first read into the card with the deployment’s facts, for the shell script to send', async () => {
    const firstRead = async (values: Record<string, string>) =>
      new DOMParser()
        .parseFromString(await transform(values, built(`\n    ${VITE_ENTRY}`)), 'text/html')
        .querySelector<HTMLElement>('section.card')?.dataset.firstRead
    const spec = readFirstReadSpec(await firstRead({ ...env, ...facts }))
    if (!spec) throw new Error('The card carries no first read.')
    expect(spec.chainId).toBe(31337)
    const [call, block] = firstReadParams(spec, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') as [
      { to: string; data: string },
      string,
    ]
    expect(call.to).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    expect(call.data).toContain('70997970c51812dc3a010c7d01b50e0d17dc79c8')
    expect(call.data).not.toContain(spec.placeholder)
    expect(block).toBe('latest')
    // Without the facts the app's first read is the deployment's, not the holder's.
    expect(await firstRead(env)).toBeUndefined()
  })

  it('keeps its own tag in a build whose configuration is invalid: the app shows what is wrong', async () => {
    const html = built(VITE_ENTRY)
    expect(await transform({ VITE_CHAIN_ID: 'one' }, html)).toBe(html)
  })

  it('is added to the page by the shell script after the next frame, not before the first paint', async () => {
    render(shellFor({ ...env, ...facts }))
    const tag = document.createElement('script')
    tag.dataset.entry = '/assets/index-AbCd1234.js'
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag)
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] })
    await import('../shell/shell')
    const started = () => document.querySelector<HTMLScriptElement>('script[type="module"]')
    expect(started()).toBeNull()
    vi.advanceTimersToNextFrame()
    vi.runOnlyPendingTimers()
    expect(started()?.getAttribute('src')).toBe('/assets/index-AbCd1234.js')
    expect(started()?.crossOrigin).toBe('')
  })

  /** Runs the shell script for a page that knows its holder, with `glance` as the figures stored for it. */
  async function runShellForKnownHolder(glance: Glance | null) {
    vi.doMock('../shell/glance', async (original) => ({
      ...(await original<typeof import('../shell/glance')>()),
      glanceHolder: () => '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      readGlance: () => glance,
    }))
    const root = render(shellFor({ ...env, ...facts }))
    const tag = document.createElement('script')
    tag.dataset.entry = '/assets/index-AbCd1234.js'
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag)
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout', 'setInterval'] })
    try {
      await import('../shell/shell')
    } finally {
      vi.doUnmock('../shell/glance')
    }
    return root
  }

  it('is added at once where the page knows its holder but has no stored figures', async () => {
    const root = await runShellForKnownHolder(null)
    expect(root.querySelector('p.glance')).toBeNull()
    expect(root.querySelector('[data-first-visit]')).toBeNull()
    expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-AbCd1234.js')
  })

  it('is added at once where the shell shows a returning holder’s stored position', async () => {
    const root = await runShellForKnownHolder({
      amount: '1,000 NAI',
      schedule: { claimStart: 0n, claimEnd: 1n, unlockStart: 2n, unlockEnd: 3n },
    })
    expect(root.querySelector('p.glance strong')?.textContent).toBe('1,000 NAI')
    expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-AbCd1234.js')
  })
})
