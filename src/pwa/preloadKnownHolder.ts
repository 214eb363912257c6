// Imported by the entry right after the storage guard, so that it runs before the rest of the app's code is evaluated
// (on a slow phone, a few hundred milliseconds): a page that knows whose position it will show starts loading the
// position's panels and timeline now, and they arrive and compile while that code runs instead of after it.

import { preloadPositionPanels } from '../features/vesting/components/panelsPart'
import { glanceHolder } from './shell/glance'

try {
  if (glanceHolder(window.location.search, window.localStorage) !== undefined) void preloadPositionPanels()
} catch {
  // Storage the page cannot read: the app starts the panels when it knows the holder.
}
