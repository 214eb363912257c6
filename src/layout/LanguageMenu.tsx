import { useLingui } from '@lingui/react/macro'
import { chooseLocale, useLocale } from '../i18n/i18n'
import { isAppLocale, LOCALES } from '../i18n/locales'

/**
 * The language menu in the footer: each language by its own name, the choice kept on this device and shown at once.
 * The pseudo-locale is listed only while it is the page's language (tests choose it through storage).
 */
export function LanguageMenu() {
  const { t } = useLingui()
  const current = useLocale()
  const offered = LOCALES.filter((locale) => !('pseudo' in locale) || locale.code === current)
  return (
    <select
      className="language-menu"
      aria-label={t`Language`}
      value={current}
      onChange={(event) => {
        if (isAppLocale(event.target.value)) void chooseLocale(event.target.value)
      }}
    >
      {offered.map((locale) => (
        <option key={locale.code} value={locale.code} lang={locale.code}>
          {locale.name}
        </option>
      ))}
    </select>
  )
}
