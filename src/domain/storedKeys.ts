/**
 * Where the app keeps what a device remembers (`localStorage`): one list, since the page's shell script reads some of
 * them before the app starts, and the browser tests and the bench read them too.
 */
export const STORED_KEYS = {
  /** The persisted figures (the query cache). */
  queryCache: 'nai.queryCache',
  /** The last address a wallet connected with. */
  lastHolder: 'nai.lastHolder',
  /** The addresses saved for watching, most recent first. */
  watchedAddresses: 'nai.watchedAddresses',
  /** The block each holder's figures come from, so that no later answer shows them older (see `domain/readFloor`). */
  readFloors: 'nai.readFloors',
  /** The write being waited for. */
  pendingTransaction: 'nai.pendingTransaction',
  /** A wallet connection that ended without the holder asking. */
  endedConnection: 'nai.endedConnection',
  /** The wallet apps connected with last through the phone's sheet. */
  recentWallets: 'nai.recentWallets',
  /** When the holder last put the offer to install away. */
  installOfferDismissedAt: 'nai.installOfferDismissedAt',
  /** The local test wallet's account and whether the page may use it. */
  localTestAccount: 'nai.localTestAccount',
  localTestWalletAuthorized: 'nai.localTestWallet.authorized',
} as const

/** Where the holder's own RPC endpoint for chain `chainId` is kept: one per chain, as builds for several share an origin. */
export const holderRpcKey = (chainId: number) => `nai.holderRpc.${chainId}`

/** A persisted query cache older than this is discarded: by the app on start-up, and by the shell script. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * The stamp that ties the stored query cache to one build and deployment: another app version, chain or pair of
 * contracts discards it rather than showing figures from elsewhere. The app stamps the cache with it, the build
 * writes it into the prerendered page, and the shell script compares the two.
 */
export function cacheBuster(
  version: string,
  config: { chainId: number; vestingAddress: string; legacyAddress: string },
): string {
  return [version, config.chainId, config.vestingAddress, config.legacyAddress].join(':').toLowerCase()
}
