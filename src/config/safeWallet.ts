/**
 * Safe{Wallet}'s web app: the only page the portal answers as a Safe App, and the only other page its hosting lets
 * frame it. A Safe App must be added to Safe{Wallet} by its final URL: Safe{Wallet} drops every message from a frame
 * that a redirect took to another origin.
 */
export const SAFE_WALLET_ORIGIN = 'https://app.safe.global'
