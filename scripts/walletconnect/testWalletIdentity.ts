/** The name the test wallet gives itself unless told another (a test may have it present as a wallet app). */
export const TEST_WALLET_NAME = 'NAI test wallet'

/** Where the test wallet says it opens (its metadata's `redirect.native`), as wallet apps say theirs. */
export const TEST_WALLET_SCHEME = 'nai-test-wallet://'

/** The requests a wallet app shows its holder to approve: they wait while the app is in the background. */
export const APPROVAL_METHODS: readonly string[] = [
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_watchAsset',
  'personal_sign',
  'eth_signTypedData_v4',
]
