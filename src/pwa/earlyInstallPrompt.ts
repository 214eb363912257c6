/**
 * Chromium offers installing once, as soon as the page is installable. On a slow first visit that can come before the
 * app's code has loaded, so the shell, which runs first, keeps the offer on the window until the app takes it.
 */
const KEY = 'naiInstallPrompt'

/** The offer kept for the app; `null` once the app has taken it and listens itself. */
type Kept = Window & { [KEY]?: Event | null }

/** Run by the shell: keeps the browser's offer, if it comes before the app listens. */
export function keepEarlyInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar stays away: the page offers installing in its own words.
    event.preventDefault()
    const kept = window as Kept
    if (kept[KEY] !== null) kept[KEY] = event
  })
}

/** The offer the browser made before the app loaded, if any. From then on, the app listens itself. */
export function takeEarlyInstallPrompt(): Event | undefined {
  const kept = window as Kept
  const event = kept[KEY] ?? undefined
  kept[KEY] = null
  return event
}
