import { describe, expect, it } from 'vitest'
import { directionOf, LOCALES, matchLocale } from './locales'

describe('matchLocale', () => {
  it.each<[string[], string]>([
    [['de-AT'], 'de'],
    [['de-DE', 'en-US'], 'de'],
    [['fr-CA'], 'fr'],
    [['ja'], 'ja'],
    [['ar-EG'], 'ar'],
    [['ar'], 'ar'],
    [['pt-PT'], 'pt-BR'],
    [['es-ES'], 'es-419'],
    [['es-MX'], 'es-419'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-TW'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-HK'], 'zh-HK'],
    [['zh-MO'], 'zh-HK'],
    [['uk-UA'], 'uk'],
    [['nb-NO', 'sv-SE'], 'en'],
    // The first language the portal speaks wins, not the first the browser lists.
    [['nb-NO', 'ko-KR', 'de-DE'], 'ko'],
    [['en-GB', 'de-DE'], 'en'],
    [[], 'en'],
    [['not a tag', 'tr-TR'], 'tr'],
    // The pseudo-locale is for tests: a browser never lands on it.
    [['en-XA'], 'en'],
  ])('%j → %s', (languages, expected) => {
    expect(matchLocale(languages)).toBe(expected)
  })

  it("names RainbowKit's 19 locales, each once", () => {
    const rainbowKit = LOCALES.filter((locale) => !('pseudo' in locale)).map((locale) => locale.rainbowKit)
    expect(new Set(rainbowKit).size).toBe(19)
  })
})

describe('directionOf', () => {
  it('reads Arabic right to left, every other locale and an unknown tag left to right', () => {
    expect(LOCALES.filter((locale) => directionOf(locale.code) === 'rtl').map((locale) => locale.code)).toEqual(['ar'])
    expect(directionOf('he')).toBe('ltr')
  })
})
