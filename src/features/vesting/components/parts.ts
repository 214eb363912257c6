import { preloadable } from '../../../lib/preloadable'

/** The holder's figures and actions: not needed until a position is on screen, so a first visit does not load them. */
export const [PositionPanels, preloadPanels] = preloadable(() => import('./PositionPanels'))

/** The chart is below the figures, in its own chunk. */
export const [Timeline, preloadTimeline] = preloadable(() => import('./Timeline'))
