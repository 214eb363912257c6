import { existsSync } from 'node:fs'
import { assertPortFree } from '../scripts/lib/anvil'
import { creationBytecode } from '../scripts/lib/artifacts'
import { anvilPort, chromiumPath, rpcUrl } from '../testing/env'

/** Fails the run once, with the fix, instead of every test failing the same way. */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: run \`apt-get install -y chromium\` or set E2E_CHROMIUM.`)
  }
  for (const name of ['DemoToken', 'Vesting', 'LegacyClaim', 'Multicall3'] as const) creationBytecode(name)
  try {
    await assertPortFree(anvilPort)
  } catch {
    throw new Error(
      `Port ${anvilPort} is in use, but the tests start anvil there (the app is built for ${rpcUrl}). ` +
        'Stop the other process, or set E2E_ANVIL_PORT.',
    )
  }
}
