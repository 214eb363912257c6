import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * The portal's message catalogs: English is the source, and the holder's locale is one of RainbowKit's, so that its
 * modal and the portal's own screens speak the same language. `en-XA` is a pseudo-locale for tests, generated from
 * English by `npm run i18n:extract`: accented and 40 % longer.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [
    'en',
    'ar',
    'de',
    'es-419',
    'fr',
    'hi',
    'id',
    'ja',
    'ko',
    'ms',
    'pt-BR',
    'ru',
    'th',
    'tr',
    'uk',
    'vi',
    'zh-CN',
    'zh-HK',
    'zh-TW',
    'en-XA',
  ],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  format: formatter({ lineNumbers: false }),
})
