import type { Locale as RainbowKitLocale } from '@rainbow-me/rainbowkit'

/**
 * The portal's locales: RainbowKit's, so that its modal and the portal's screens speak the same language, each with
 * its own name (as the language menu shows it), RainbowKit's tag, and its direction. `en-XA` is a pseudo-locale for
 * tests (every message accented and 40 % longer): never matched from the browser, offered only when chosen.
 */
export const LOCALES = [
  { code: 'en', name: 'English', rainbowKit: 'en-US' },
  { code: 'ar', name: 'العربية', rainbowKit: 'ar-AR', rtl: true },
  { code: 'de', name: 'Deutsch', rainbowKit: 'de-DE' },
  { code: 'es-419', name: 'Español', rainbowKit: 'es-419' },
  { code: 'fr', name: 'Français', rainbowKit: 'fr-FR' },
  { code: 'hi', name: 'हिन्दी', rainbowKit: 'hi-IN' },
  { code: 'id', name: 'Bahasa Indonesia', rainbowKit: 'id-ID' },
  { code: 'ja', name: '日本語', rainbowKit: 'ja-JP' },
  { code: 'ko', name: '한국어', rainbowKit: 'ko-KR' },
  { code: 'ms', name: 'Bahasa Melayu', rainbowKit: 'ms-MY' },
  { code: 'pt-BR', name: 'Português (Brasil)', rainbowKit: 'pt-BR' },
  { code: 'ru', name: 'Русский', rainbowKit: 'ru-RU' },
  { code: 'th', name: 'ไทย', rainbowKit: 'th-TH' },
  { code: 'tr', name: 'Türkçe', rainbowKit: 'tr-TR' },
  { code: 'uk', name: 'Українська', rainbowKit: 'uk-UA' },
  { code: 'vi', name: 'Tiếng Việt', rainbowKit: 'vi-VN' },
  { code: 'zh-CN', name: '简体中文', rainbowKit: 'zh-CN' },
  { code: 'zh-HK', name: '繁體中文（香港）', rainbowKit: 'zh-HK' },
  { code: 'zh-TW', name: '繁體中文（台灣）', rainbowKit: 'zh-TW' },
  { code: 'en-XA', name: '[Ƥşḗḗŭŭḓǿǿ]', rainbowKit: 'en-US', pseudo: true },
] as const satisfies readonly {
  code: string
  name: string
  rainbowKit: RainbowKitLocale
  rtl?: boolean
  pseudo?: boolean
}[]

export type AppLocale = (typeof LOCALES)[number]['code']

/** Where the holder's own choice of language is kept on the device. */
export const LOCALE_KEY = 'nai.locale'

export const SOURCE_LOCALE: AppLocale = 'en'

const byCode = new Map<string, (typeof LOCALES)[number]>(LOCALES.map((locale) => [locale.code.toLowerCase(), locale]))

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && LOCALES.some((locale) => locale.code === value)
}

export function localeInfo(code: AppLocale): (typeof LOCALES)[number] {
  return byCode.get(code.toLowerCase()) ?? LOCALES[0]
}

/** The way `code` reads: right to left for Arabic, left to right for the others (and for what is no locale of ours). */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return isAppLocale(code) && 'rtl' in localeInfo(code) ? 'rtl' : 'ltr'
}

/** Chinese by script or region: traditional in Hong Kong and Macau, Taiwan's otherwise; simplified elsewhere. */
function chinese(tag: Intl.Locale): AppLocale {
  const region = tag.maximize().region
  if (region === 'HK' || region === 'MO') return 'zh-HK'
  if (tag.maximize().script === 'Hant') return 'zh-TW'
  return 'zh-CN'
}

/** The portal's locale for one browser language tag, by tag and then by language (`de-AT` is German), if any. */
function localeFor(tag: string): AppLocale | undefined {
  let parsed: Intl.Locale
  try {
    parsed = new Intl.Locale(tag)
  } catch {
    return undefined
  }
  const exact = byCode.get(parsed.baseName.toLowerCase())
  if (exact && !('pseudo' in exact)) return exact.code
  switch (parsed.language) {
    case 'zh':
      return chinese(parsed)
    case 'pt':
      return 'pt-BR'
    case 'es':
      return 'es-419'
    case 'en':
      return 'en'
  }
  const language = byCode.get(parsed.language)
  return language && !('pseudo' in language) ? language.code : undefined
}

/** The locale a page opens in: the holder's choice kept in `storage`, else the best of the browser's languages. */
export function deviceLocale(storage: Pick<Storage, 'getItem'> | undefined): AppLocale {
  let stored: string | null = null
  try {
    stored = storage?.getItem(LOCALE_KEY) ?? null
  } catch {
    // Storage refused: the browser's languages decide.
  }
  if (isAppLocale(stored)) return stored
  return matchLocale(navigator.languages?.length ? navigator.languages : [navigator.language])
}

/** The best of the browser's languages, in its order of preference, that the portal speaks; English otherwise. */
export function matchLocale(languages: readonly string[]): AppLocale {
  for (const tag of languages) {
    const locale = localeFor(tag)
    if (locale) return locale
  }
  return SOURCE_LOCALE
}
