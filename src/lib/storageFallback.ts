/**
 * Storage kept in memory for one visit: what the app uses when the browser denies the page its own (a third-party
 * frame with cookies blocked, as the portal is inside Safe{Wallet} in some browsers). Nothing is remembered across
 * visits there, and nothing fails.
 */
export function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(String(key)) ?? null,
    setItem: (key, value) => {
      items.set(String(key), String(value))
    },
    removeItem: (key) => {
      items.delete(String(key))
    },
    clear: () => items.clear(),
  }
}

function denied(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    return window[name] === null
  } catch {
    return true
  }
}

/** Puts memory storage in place of each storage the browser denies this document. Returns the ones it replaced. */
export function fallBackToMemoryStorage(): ('localStorage' | 'sessionStorage')[] {
  const replaced = (['localStorage', 'sessionStorage'] as const).filter(denied)
  for (const name of replaced) {
    Object.defineProperty(window, name, { configurable: true, enumerable: true, value: memoryStorage() })
  }
  return replaced
}
