// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { fallBackToMemoryStorage, memoryStorage } from './storageFallback'

const own = (name: string) => Object.getOwnPropertyDescriptor(window, name)

afterEach(() => {
  // Back to the document's own storage.
  for (const name of ['localStorage', 'sessionStorage']) if (own(name)) Reflect.deleteProperty(window, name)
})

describe('storage where the browser denies it', () => {
  it('memory storage behaves as Storage does', () => {
    const storage = memoryStorage()
    storage.setItem('a', '1')
    storage.setItem('b', String(2))
    expect([storage.length, storage.getItem('a'), storage.getItem('b'), storage.getItem('c')]).toEqual([
      2,
      '1',
      '2',
      null,
    ])
    expect(storage.key(1)).toBe('b')
    storage.removeItem('a')
    expect(storage.getItem('a')).toBeNull()
    storage.clear()
    expect(storage.length).toBe(0)
  })

  it('replaces only a storage that throws when read', () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
    expect(fallBackToMemoryStorage()).toEqual(['localStorage'])
    window.localStorage.setItem('nai.test', 'kept for the visit')
    expect(window.localStorage.getItem('nai.test')).toBe('kept for the visit')
    expect(own('sessionStorage')).toBeUndefined()
  })

  it('leaves storage the browser grants alone', () => {
    const granted = window.localStorage
    expect(fallBackToMemoryStorage()).toEqual([])
    expect(window.localStorage).toBe(granted)
  })
})
