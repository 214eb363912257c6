import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../../generated'
import { SOLIDITY_ERRORS } from '../../lib/errors'

/**
 * Every error the portal's contracts can revert with: their own, OpenZeppelin's, the token's and Solidity's. Apart
 * from the holder's sentences for them (`errors.ts`), so that the owner tool reads it without the page's messages.
 */
export const portalErrorAbi = [...vestingAbi, ...legacyClaimAbi, ...demoTokenAbi, ...SOLIDITY_ERRORS] as const
