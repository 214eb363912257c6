import { existsSync } from 'node:fs'
import { assertPortFree } from '../scripts/lib/anvil'
import { creationBytecode } from '../scripts/lib/artifacts'
import { anvilPort, chromiumPath, rpcPort, rpcUrl } from '../testing/env'

/** Fails the run once, with the fix, instead of every test failing the same way. */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: run \`apt-get install -y chromium\` or set E2E_CHROMIUM.`)
  }
  for (const name of ['DemoToken', 'Vesting', 'LegacyClaim', 'Multicall3'] as const) creationBytecode(name)
  const ports = [
    [rpcPort, `the page's RPC endpoint (the app is built for ${rpcUrl})`, 'E2E_RPC_PORT'],
    [anvilPort, 'anvil', 'E2E_ANVIL_PORT'],
  ] as const
  for (const [port, what, variable] of ports) {
    try {
      await assertPortFree(port)
    } catch {
      throw new Error(
        `Port ${port} is in use, but the tests run ${what} there. Stop the other process, or set ${variable}.`,
      )
    }
  }
}
