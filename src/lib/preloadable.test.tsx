// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, type ReactNode, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadable } from './preloadable'

function Figures({ amount }: { amount: string }) {
  return <p>Your position: {amount}</p>
}

class Failed extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children
  }
}

/** Renders `Part` under a Suspense boundary whose fallback counts how often it was shown. */
function renderPart(Part: ReturnType<typeof preloadable<{ amount: string }>>[0]) {
  const fallbacks = { shown: 0 }
  function Fallback() {
    fallbacks.shown++
    return <p>Loading...</p>
  }
  render(
    <Failed>
      <Suspense fallback={<Fallback />}>
        <Part amount="1,000 NAI" />
      </Suspense>
    </Failed>,
  )
  return fallbacks
}

afterEach(cleanup)

describe('preloadable', () => {
  it('renders a preloaded part in the same render, without showing the fallback', async () => {
    const load = vi.fn(async () => ({ default: Figures }))
    const [Part, preload] = preloadable(load)
    await preload()
    const fallbacks = renderPart(Part)
    expect(screen.getByText('Your position: 1,000 NAI')).toBeTruthy()
    expect(fallbacks.shown).toBe(0)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('suspends a part whose code has not arrived, then shows it, loading it once', async () => {
    const load = vi.fn(async () => ({ default: Figures }))
    const [Part, preload] = preloadable(load)
    const fallbacks = renderPart(Part)
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(fallbacks.shown).toBe(1)
    expect(await screen.findByText('Your position: 1,000 NAI')).toBeTruthy()
    await preload()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shares one load between a preload and the render that needs it before it arrives', async () => {
    let arrive: (module: { default: typeof Figures }) => void = () => {}
    const load = vi.fn(() => new Promise<{ default: typeof Figures }>((resolve) => (arrive = resolve)))
    const [Part, preload] = preloadable(load)
    const preloading = preload()
    renderPart(Part)
    expect(screen.getByText('Loading...')).toBeTruthy()
    await act(async () => {
      arrive({ default: Figures })
      await preloading
    })
    expect(screen.getByText('Your position: 1,000 NAI')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('passes a failed load to the error boundary, and fetches again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Figures }>>()
      .mockRejectedValueOnce(new Error('chunk unreachable'))
      .mockResolvedValue({ default: Figures })
    const [Part, preload] = preloadable(load)
    await expect(preload()).rejects.toThrow('chunk unreachable')
    await expect(preload()).resolves.toEqual({ default: Figures })
    expect(load).toHaveBeenCalledTimes(2)

    const [Broken] = preloadable<{ amount: string }>(() => Promise.reject(new Error('chunk unreachable')))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderPart(Broken)
    expect(await screen.findByText('Failed: chunk unreachable')).toBeTruthy()
    cleanup()
    renderPart(Part)
    expect(screen.getByText('Your position: 1,000 NAI')).toBeTruthy()
  })
})
