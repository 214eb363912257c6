// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InstallOffer } from './install'

/** Chromium's install prompt event, as far as the app uses it. */
function installPromptEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn(() => Promise.resolve())
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) })
  return { event, prompt }
}

/** A fresh copy of the module, loaded the way the page loads it: before anything renders. */
async function loadInstall() {
  vi.resetModules()
  return import('./install')
}

type Install = typeof import('./install')

/** Shows the kind of offer, and hands the offer itself to `seen`. */
function Offer({
  useInstallOffer,
  seen,
}: {
  useInstallOffer: Install['useInstallOffer']
  seen?: (offer: InstallOffer) => void
}) {
  const offer = useInstallOffer()
  seen?.(offer)
  return <output>{offer.kind}</output>
}

/** Renders the offer; `install` takes it up, as the page's "Install app" button does. */
function renderOffer(useInstallOffer: Install['useInstallOffer']) {
  let offer: InstallOffer = { kind: 'none' }
  render(
    <Offer
      useInstallOffer={useInstallOffer}
      seen={(current) => {
        offer = current
      }}
    />,
  )
  return {
    install: () =>
      act(async () => {
        if (offer.kind === 'prompt') await offer.install()
      }),
  }
}

beforeEach(() => {
  // jsdom has no matchMedia; the page is a browser tab, not an installed app.
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList
})
afterEach(cleanup)

describe('the install offer', () => {
  it('keeps the browser’s offer made before the first render', async () => {
    const { useInstallOffer } = await loadInstall()
    const { event, prompt } = installPromptEvent()
    window.dispatchEvent(event)
    // The browser's own mini-infobar is held back; the page offers installing itself.
    expect(event.defaultPrevented).toBe(true)

    render(<Offer useInstallOffer={useInstallOffer} />)
    expect(screen.getByRole('status').textContent).toBe('prompt')
    expect(prompt).not.toHaveBeenCalled()
  })

  it('asks the browser once, then offers nothing until the browser offers again', async () => {
    const { useInstallOffer } = await loadInstall()
    const { install } = renderOffer(useInstallOffer)
    expect(screen.getByRole('status').textContent).toBe('none')

    const { event, prompt } = installPromptEvent()
    act(() => void window.dispatchEvent(event))
    expect(screen.getByRole('status').textContent).toBe('prompt')

    await install()
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status').textContent).toBe('none')
  })

  it('offers nothing once the app is installed', async () => {
    const { useInstallOffer } = await loadInstall()
    render(<Offer useInstallOffer={useInstallOffer} />)
    act(() => void window.dispatchEvent(installPromptEvent().event))
    expect(screen.getByRole('status').textContent).toBe('prompt')

    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(screen.getByRole('status').textContent).toBe('none')
  })

  it('keeps an offer the browser made before the app loaded, caught by the shell, and asks the browser with it', async () => {
    // A fresh page: the modules loaded by the tests above have taken the kept offer already.
    Reflect.deleteProperty(window, 'naiInstallPrompt')
    const { keepEarlyInstallPrompt } = await import('./earlyInstallPrompt')
    keepEarlyInstallPrompt()
    const { event, prompt } = installPromptEvent()
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)

    const { useInstallOffer } = await loadInstall()
    const { install } = renderOffer(useInstallOffer)
    expect(screen.getByRole('status').textContent).toBe('prompt')
    await install()
    expect(prompt).toHaveBeenCalledTimes(1)

    // The app listens itself from then on; the shell keeps nothing more for it.
    const later = installPromptEvent()
    act(() => void window.dispatchEvent(later.event))
    expect(screen.getByRole('status').textContent).toBe('prompt')
    expect((window as Window & { naiInstallPrompt?: Event | null }).naiInstallPrompt).toBeNull()
  })
})
