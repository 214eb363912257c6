// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, localStorageStore, type Store, type StoredValue, useStore } from './store'

afterEach(cleanup)
beforeEach(() => localStorage.clear())

function Shown({ store }: { store: Store<string> }) {
  return <output>{useStore(store)}</output>
}

describe('createStore', () => {
  it('tells its listeners of a new value, and only of a new one', () => {
    const store = createStore('a')
    const heard: string[] = []
    const unsubscribe = store.subscribe(() => heard.push(store.get()))
    store.set('b')
    store.set('b')
    store.set('c')
    unsubscribe()
    store.set('d')
    expect(heard).toEqual(['b', 'c'])
    expect(store.get()).toBe('d')
  })

  it('runs `start` while anyone listens, and stops it when the last listener leaves', () => {
    const log: string[] = []
    const store = createStore(0, () => {
      log.push('start')
      return () => log.push('stop')
    })
    const first = store.subscribe(() => undefined)
    const second = store.subscribe(() => undefined)
    first()
    first()
    expect(log).toEqual(['start'])
    second()
    expect(log).toEqual(['start', 'stop'])
    store.subscribe(() => undefined)
    expect(log).toEqual(['start', 'stop', 'start'])
  })

  it('tells a listener once however often it subscribed, and each listener there when the value changed', () => {
    const log: string[] = []
    const store = createStore(0, () => {
      log.push('start')
      return () => log.push('stop')
    })
    const twice = () => log.push(`twice ${store.get()}`)
    store.subscribe(twice)
    const leaveTwice = store.subscribe(twice)
    const late = () => log.push(`late ${store.get()}`)
    let leaveLate = () => {}
    // The first listener makes the second leave and a third come: this change still reaches the second, not the third.
    const leaveFirst = store.subscribe(() => {
      log.push(`first ${store.get()}`)
      leaveLate()
      store.subscribe(() => log.push(`third ${store.get()}`))
    })
    leaveLate = store.subscribe(late)
    store.set(1)
    expect(log).toEqual(['start', 'twice 1', 'first 1', 'late 1'])
    leaveTwice()
    leaveFirst()
    store.set(2)
    expect(log.slice(4)).toEqual(['third 2'])
  })

  it('re-renders a component that follows it', () => {
    const store = createStore('first')
    const { container } = render(<Shown store={store} />)
    expect(container.textContent).toBe('first')
    act(() => store.set('second'))
    expect(container.textContent).toBe('second')
  })
})

describe('localStorageStore', () => {
  type Note = { text: string }
  const notes: StoredValue<Note | null> = {
    parse: (raw) => {
      const value: unknown = JSON.parse(raw)
      return typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string'
        ? { text: value.text }
        : undefined
    },
    serialize: (value) => JSON.stringify(value),
    empty: null,
  }

  it('keeps its value in localStorage, and removes the entry for the empty value', () => {
    const store = localStorageStore('test.note', notes)
    expect(store.get()).toBeNull()
    store.set({ text: 'hello' })
    expect(localStorage.getItem('test.note')).toBe('{"text":"hello"}')
    expect(localStorageStore('test.note', notes).get()).toEqual({ text: 'hello' })
    store.set(null)
    expect(localStorage.getItem('test.note')).toBeNull()
  })

  it('gives the same value for the same stored text, so that React sees no change', () => {
    localStorage.setItem('test.note', '{"text":"same"}')
    const store = localStorageStore('test.note', notes)
    expect(store.get()).toBe(store.get())
  })

  it('drops stored text it cannot read', () => {
    localStorage.setItem('test.note', '{"other":1}')
    expect(localStorageStore('test.note', notes).get()).toBeNull()
    expect(localStorage.getItem('test.note')).toBeNull()
  })

  it('follows a change made in another tab', () => {
    const store = localStorageStore('test.note', notes)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    localStorage.setItem('test.note', '{"text":"from another tab"}')
    window.dispatchEvent(new StorageEvent('storage', { key: 'test.note' }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'another.key' }))
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.get()).toEqual({ text: 'from another tab' })
    unsubscribe()
    window.dispatchEvent(new StorageEvent('storage', { key: 'test.note' }))
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
