import { claimWindowNote } from '../../features/vesting/domain/note'
import { formatDateTime } from '../../lib/format'

/**
 * Runs before the page's first paint, from index.html: writes the prerendered claim-window note in the viewer's time
 * zone, worded for the phase by the device clock. The app later renders the same note on chain time.
 */
const element = document.querySelector<HTMLElement>('[data-claim-end]')
const claimEnd = element?.dataset.claimEnd
if (element && claimEnd && /^\d+$/.test(claimEnd)) {
  const note = claimWindowNote({ claimEnd: BigInt(claimEnd) }, BigInt(Math.floor(Date.now() / 1000)))
  const time = document.createElement('time')
  time.dateTime = new Date(Number(note.date) * 1000).toISOString()
  time.textContent = formatDateTime(note.date)
  element.replaceChildren(note.lead, time, note.tail)
}
