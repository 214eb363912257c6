import { preloadable } from '../../../lib/preloadable'
import { preloadTimeline } from './timelinePart'

/** The holder's figures and actions: not needed until a position is on screen, so a first visit does not load them. */
export const [PositionPanels, preloadPanels] = preloadable(() => import('./PositionPanels'))

/**
 * Starts loading the position's panels and its timeline, for a page that already knows whose position it will show:
 * they then arrive beside the app's own code instead of after its first render, and render as soon as the figures do.
 * Resolves once both have arrived or failed (a part that failed loads again when it renders).
 */
export function preloadPositionPanels(): Promise<void> {
  return Promise.all([preloadPanels(), preloadTimeline()]).then(
    () => undefined,
    () => undefined,
  )
}
