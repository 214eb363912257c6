import { createStore } from './store'

/**
 * Whether the page has shown a holder's figures since it opened. Installing the portal is offered from then on (a
 * visitor who has not connected or looked up an address yet has nothing to keep on the home screen), and where
 * RainbowKit loads by itself for a connected wallet (a desktop), it loads only after it, so that its long task never
 * stands between the read and the figures.
 */
export const positionShown = createStore(false)
