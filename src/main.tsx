import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConfigErrorPage } from './config/ConfigErrorPage'
import { parseConfig } from './config/env'
import { VestingCard } from './features/vesting/components/VestingCard'
import { Layout } from './layout/Layout'
import { PwaControls } from './pwa/PwaControls'
import { AppProviders } from './wallet/AppProviders'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')

const parsed = parseConfig(import.meta.env)
createRoot(root).render(
  <StrictMode>
    {parsed.ok ? (
      <AppProviders config={parsed.config}>
        <Layout>
          <VestingCard />
        </Layout>
      </AppProviders>
    ) : (
      <ConfigErrorPage errors={parsed.errors} />
    )}
    <PwaControls />
  </StrictMode>,
)
