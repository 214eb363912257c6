import { onlineManager } from '@tanstack/react-query'

/**
 * TanStack Query assumes it starts online and only learns of changes from `online`/`offline` events, so a page
 * opened offline would never refresh its reads when the network returns. Start from what the browser knows.
 */
export function followBrowserOnlineState() {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine)
    const goOnline = () => setOnline(true)
    const goOffline = () => setOnline(false)
    window.addEventListener('online', goOnline)
    window.addEventListener('offline', goOffline)
    return () => {
      window.removeEventListener('online', goOnline)
      window.removeEventListener('offline', goOffline)
    }
  })
}
