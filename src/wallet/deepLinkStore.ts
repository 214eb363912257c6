/**
 * Where sign-client reads, before each request, the wallet app to open (`{ href, name }`, opened at
 * `{href}/wc?requestId=…&sessionTopic=…`). It lives in localStorage, so it comes back with the session after a reload.
 */
export const DEEP_LINK_CHOICE_KEY = 'WALLETCONNECT_DEEPLINK_CHOICE'

/** The SDK opens nothing by itself any more: on a disconnect, or a connection made another way. */
export function forgetDeepLinkChoice(): void {
  try {
    localStorage.removeItem(DEEP_LINK_CHOICE_KEY)
  } catch {
    // Storage refused: the SDK finds nothing there either.
  }
}
