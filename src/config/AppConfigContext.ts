import { createContext, useContext } from 'react'
import type { AppConfig } from './env'

export const AppConfigContext = createContext<AppConfig | null>(null)

/** The validated configuration of this build. */
export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext)
  if (!config) throw new Error('useAppConfig must be used inside <AppConfigContext.Provider>.')
  return config
}
