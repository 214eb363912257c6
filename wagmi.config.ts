import { defineConfig } from '@wagmi/cli'
import { foundry } from '@wagmi/cli/plugins'

// Typed ABIs for the app, the scripts and the tests, generated from the compiled contracts.
// `npm run abi` writes src/generated.ts; `npm run abi:check` fails when that file is stale.
export default defineConfig({
  out: process.env.WAGMI_OUT ?? 'src/generated.ts',
  plugins: [
    foundry({
      project: 'contracts',
      // Built beforehand by `npm run contracts:build` (scripts/forge.mjs), which keeps forge's exit code.
      forge: { build: false },
      include: ['Vesting.sol/**', 'LegacyClaim.sol/**', 'DemoToken.sol/**', 'Multicall3.sol/**'],
    }),
  ],
})
