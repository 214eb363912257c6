/** What kind of device the page runs on, told the way wallets and RainbowKit tell it: by the user agent. */
export type Platform = 'ios' | 'android' | 'desktop'

/** iPhone, iPod and iPad (which reports itself as a touch-screen Mac). */
export function isIos(): boolean {
  const ua = navigator.userAgent
  return /iPhone|iPad|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
}

export function platform(): Platform {
  if (/android/i.test(navigator.userAgent)) return 'android'
  return isIos() ? 'ios' : 'desktop'
}

/** Opened as an installed app (from the home screen), not in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches
}
