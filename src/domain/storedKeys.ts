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
