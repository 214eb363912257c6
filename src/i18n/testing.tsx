import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { i18n } from './i18n'

/** For component tests: renders `children` with the page's messages, as the app's root does (`wrapper: WithI18n`). */
export function WithI18n({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}
