import { i18n, type Messages } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { setDisplayLocale } from '../domain/format'
import { type AppLocale, deviceLocale, directionOf, isAppLocale, LOCALE_KEY, SOURCE_LOCALE } from './locales'

// Each locale's catalog is a chunk of its own, loaded only for a holder who reads that language (the page's shell
// script starts loading it with the app), and cached by the service worker once used.
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*.po')

/** The locale a page opens in: the holder's choice on this device, else the best of the browser's languages. */
export function initialLocale(): AppLocale {
  return deviceLocale(localStorage)
}

/** The compiled messages of `locale`. */
export async function catalogOf(locale: AppLocale): Promise<Messages> {
  const load = catalogs[`./locales/${locale}.po`]
  if (!load) throw new Error(`No catalog for ${locale}.`)
  return (await load()).messages
}

/** How long a page waits before asking again for the English catalog it could not load. */
const SOURCE_RETRY_MS = 2_000

/**
 * Switches every message, amount and date to `locale`, and marks the document's language and direction. A catalog
 * that cannot be fetched (offline, before it was ever cached) leaves the page in English; English itself is asked for
 * again until it comes, the prerendered page staying on screen meanwhile.
 */
export async function activateLocale(locale: AppLocale): Promise<void> {
  let shown = locale
  let messages = await catalogOf(locale).catch(() => undefined)
  while (!messages) {
    if (shown === SOURCE_LOCALE) await new Promise((resolve) => setTimeout(resolve, SOURCE_RETRY_MS))
    shown = SOURCE_LOCALE
    messages = await catalogOf(SOURCE_LOCALE).catch(() => undefined)
  }
  const direction = directionOf(shown)
  setDisplayLocale(shown, direction)
  i18n.loadAndActivate({ locale: shown, messages })
  const root = document.documentElement
  root.lang = shown
  root.dir = direction
}

/** The holder's choice from the language menu: shown at once and kept on the device. */
export async function chooseLocale(locale: AppLocale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
  await activateLocale(locale)
}

/** The built catalog of `locale` (a path from the site root), as the prerendered page names it. */
function catalogUrl(locale: string): string | undefined {
  try {
    const catalogs = document.querySelector<HTMLScriptElement>('script[data-catalogs]')?.dataset.catalogs
    return (JSON.parse(catalogs ?? '{}') as Record<string, string>)[locale]
  } catch {
    return undefined
  }
}

/**
 * Asks for the page's catalog again, through the service worker that has just taken control of a first visit: it was
 * loaded before, past the worker, and the worker keeps what passes through it for the next offline open.
 */
export function cacheCatalog(): void {
  const url = catalogUrl(i18n.locale)
  if (url) void fetch(url).catch(() => undefined)
}

/** The locale the page speaks now; a component that reads it renders again when it changes. */
export function useLocale(): AppLocale {
  const { i18n: active } = useLingui()
  return isAppLocale(active.locale) ? active.locale : SOURCE_LOCALE
}

export { i18n }
