import { read } from './variable'

/**
 * The project's public channels (two blog articles, Telegram, X) and the block the contracts were deployed in: facts
 * of a deployment, set per build. A build for a public chain must name them all — the portal never ships a link to
 * a made-up address — while a local build uses the demo's own pages and reads history from the first block.
 */

/** The chains whose builds must set every variable below. */
export const PUBLIC_CHAIN_IDS = [1, 43114] as const

export type PublicLinks = {
  blogOnboarding: string
  blogUpdate: string
  telegram: string
  x: string
}

export const LINK_VARIABLES = {
  blogOnboarding: 'VITE_BLOG_ONBOARDING_URL',
  blogUpdate: 'VITE_BLOG_UPDATE_URL',
  telegram: 'VITE_TELEGRAM_URL',
  x: 'VITE_X_URL',
} as const satisfies Record<keyof PublicLinks, string>

export const DEPLOYMENT_BLOCK_VARIABLE = 'VITE_DEPLOYMENT_BLOCK'

/** What each link is, for the messages that name a missing one. */
const LINK_MEANINGS: Record<keyof PublicLinks, string> = {
  blogOnboarding: 'the blog article "Onboarding Community Feedback"',
  blogUpdate: 'the blog article "Important NAI Vesting & Claim Portal Update"',
  telegram: 'the Telegram channel',
  x: 'the X profile',
}

/** The local demo's stand-in pages, served with a local build (see `demoPages` in src/layout/build). */
export const DEMO_LINKS: PublicLinks = {
  blogOnboarding: '/demo/onboarding-community-feedback.html',
  blogUpdate: '/demo/vesting-claim-portal-update.html',
  telegram: '/demo/telegram.html',
  x: '/demo/x.html',
}

export type DeploymentFacts = { links: PublicLinks; deploymentBlock: bigint }
export type FactsResult =
  | { ok: true; facts: DeploymentFacts }
  | { ok: false; errors: { variable: string; message: string }[] }

/**
 * The links and deployment block of a build for `chainId`. On a public chain each must be set (an https:// URL, a
 * block number); on the local chain a missing one falls back to the demo's page or block 0.
 */
export function parseDeploymentFacts(env: Record<string, string | undefined>, chainId: number): FactsResult {
  const isPublic = (PUBLIC_CHAIN_IDS as readonly number[]).includes(chainId)
  const errors: { variable: string; message: string }[] = []
  const links = { ...DEMO_LINKS }
  for (const key of Object.keys(LINK_VARIABLES) as (keyof PublicLinks)[]) {
    const variable = LINK_VARIABLES[key]
    const value = read(env, variable)
    if (value === undefined) {
      if (isPublic) {
        errors.push({
          variable,
          message: `${variable} is not set. A build for chain ${chainId} links to ${LINK_MEANINGS[key]}: set it to its https:// address.`,
        })
      }
      continue
    }
    if (!isHttpsUrl(value)) {
      errors.push({ variable, message: `${variable} "${value}" is not an https:// address.` })
      continue
    }
    links[key] = value
  }
  const block = read(env, DEPLOYMENT_BLOCK_VARIABLE)
  let deploymentBlock = 0n
  if (block === undefined) {
    if (isPublic) {
      errors.push({
        variable: DEPLOYMENT_BLOCK_VARIABLE,
        message: `${DEPLOYMENT_BLOCK_VARIABLE} is not set. A build for chain ${chainId} reads the holder's history from the block the contracts were deployed in: set it to that block number (the owner tool's deploy prints it).`,
      })
    }
  } else if (/^\d+$/.test(block)) {
    deploymentBlock = BigInt(block)
  } else {
    errors.push({
      variable: DEPLOYMENT_BLOCK_VARIABLE,
      message: `${DEPLOYMENT_BLOCK_VARIABLE} "${block}" is not a block number (a whole number, 0 or more).`,
    })
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, facts: { links, deploymentBlock } }
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
