// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../config/env'
import { formatDateTime } from '../../lib/format'
import { staticShellHtml } from './staticShell'

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
  return staticShellHtml(parsed.config, '1.0.0')
}

function render(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`
  const root = document.getElementById('root')
  if (!root) throw new Error('no root')
  return root
}

afterEach(() => {
  vi.useRealTimers()
  vi.resetModules()
  document.body.innerHTML = ''
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
