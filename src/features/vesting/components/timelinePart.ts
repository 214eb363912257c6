import { preloadable } from '../../../lib/preloadable'

/** The chart is below the figures, in its own chunk. */
export const [Timeline, preloadTimeline] = preloadable(() => import('./Timeline'))
