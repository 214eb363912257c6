import { defineConfig } from '@wagmi/cli'
import { foundry } from '@wagmi/cli/plugins'
import type { Abi } from 'viem'

const artifacts = foundry({
  project: 'contracts',
  // Built beforehand by `npm run contracts:build` (scripts/forge.mjs), which keeps forge's exit code.
  forge: { build: false },
  include: ['Vesting.sol/**', 'LegacyClaim.sol/**', 'DemoToken.sol/**', 'Multicall3.sol/**'],
})

/**
 * Drops Solidity's `internalType` from every parameter: neither viem nor the types it infers read it, and the ABIs
 * ship in the page's first chunk.
 */
function withoutInternalTypes<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutInternalTypes) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'internalType')
      .map(([key, inner]) => [key, withoutInternalTypes(inner)]),
  ) as T
}

// Typed ABIs for the app, the scripts and the tests, generated from the compiled contracts.
// `npm run abi` writes src/generated.ts; `npm run abi:check` fails when that file is stale.
export default defineConfig({
  out: process.env.WAGMI_OUT ?? 'src/generated.ts',
  plugins: [
    {
      ...artifacts,
      async contracts() {
        const contracts = (await artifacts.contracts?.()) ?? []
        return contracts.map((contract) => ({ ...contract, abi: withoutInternalTypes(contract.abi as Abi) }))
      },
    },
  ],
})
