import { describe, expect, it } from 'vitest'
import { DEMO_LINKS, parseDeploymentFacts } from './publicLinks'

const complete = {
  VITE_BLOG_ONBOARDING_URL: 'https://blog.nai.network/onboarding',
  VITE_BLOG_UPDATE_URL: 'https://blog.nai.network/update',
  VITE_TELEGRAM_URL: 'https://t.me/nai',
  VITE_X_URL: 'https://x.com/nai',
  VITE_DEPLOYMENT_BLOCK: '21080000',
}

describe('parseDeploymentFacts', () => {
  it('takes every link and the deployment block as given', () => {
    expect(parseDeploymentFacts(complete, 1)).toEqual({
      ok: true,
      facts: {
        links: {
          blogOnboarding: 'https://blog.nai.network/onboarding',
          blogUpdate: 'https://blog.nai.network/update',
          telegram: 'https://t.me/nai',
          x: 'https://x.com/nai',
        },
        deploymentBlock: 21_080_000n,
      },
    })
  })

  it.each([1, 43114])('refuses a build for chain %i that names none of them, each with its variable', (chainId) => {
    const result = parseDeploymentFacts({}, chainId)
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.errors.map((error) => error.variable)).toEqual([
      'VITE_BLOG_ONBOARDING_URL',
      'VITE_BLOG_UPDATE_URL',
      'VITE_TELEGRAM_URL',
      'VITE_X_URL',
      'VITE_DEPLOYMENT_BLOCK',
    ])
    expect(result.ok ? '' : result.errors[2]?.message).toBe(
      `VITE_TELEGRAM_URL is not set. A build for chain ${chainId} links to the Telegram channel: set it to its https:// address.`,
    )
  })

  it('gives a local build the demo pages and block 0', () => {
    expect(parseDeploymentFacts({}, 31337)).toEqual({ ok: true, facts: { links: DEMO_LINKS, deploymentBlock: 0n } })
  })

  it('refuses a link that is not https:// and a block that is not a number, on any chain', () => {
    const result = parseDeploymentFacts(
      { ...complete, VITE_X_URL: 'http://x.com/nai', VITE_DEPLOYMENT_BLOCK: '-3' },
      31337,
    )
    expect(result).toEqual({
      ok: false,
      errors: [
        { variable: 'VITE_X_URL', message: 'VITE_X_URL "http://x.com/nai" is not an https:// address.' },
        {
          variable: 'VITE_DEPLOYMENT_BLOCK',
          message: 'VITE_DEPLOYMENT_BLOCK "-3" is not a block number (a whole number, 0 or more).',
        },
      ],
    })
  })
})
