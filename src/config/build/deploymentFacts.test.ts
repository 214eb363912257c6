import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** The environment of a build for a public chain, without the links or the deployment block. */
const PUBLIC_BUILD = {
  VITE_CHAIN_ID: '43114',
  VITE_VESTING_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  VITE_LEGACY_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
}
const saved = { ...process.env }

afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
  Object.assign(process.env, saved)
})

describe('a production build for a public chain', () => {
  it('stops before bundling and names every missing link and the deployment block', async () => {
    for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key]
    Object.assign(process.env, PUBLIC_BUILD, { VITE_TELEGRAM_URL: 'https://t.me/nai' })
    const building = build({ root, configFile: `${root}vite.config.ts`, logLevel: 'silent', build: { write: false } })
    await expect(building).rejects.toThrow(
      [
        'This build for chain 43114 cannot be made: 4 required setting(s) missing or wrong.',
        '  - VITE_BLOG_ONBOARDING_URL is not set. A build for chain 43114 links to the blog article "Onboarding Community Feedback": set it to its https:// address.',
        '  - VITE_BLOG_UPDATE_URL is not set. A build for chain 43114 links to the blog article "Important NAI Vesting & Claim Portal Update": set it to its https:// address.',
        '  - VITE_X_URL is not set. A build for chain 43114 links to the X profile: set it to its https:// address.',
        "  - VITE_DEPLOYMENT_BLOCK is not set. A build for chain 43114 reads the holder's history from the block the contracts were deployed in: set it to that block number (the owner tool's deploy prints it).",
      ].join('\n'),
    )
  })
})
