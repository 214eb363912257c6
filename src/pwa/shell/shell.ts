import { claimWindowNote } from '../../features/vesting/domain/note'
import { formatCountdown, formatDateTime } from '../../lib/format'
import { glanceCountdown, glanceHolder, readGlance } from './glance'

/**
 * Runs from index.html before the page's first paint, on the prerendered shell, until the app replaces it:
 * - writes the claim window's note in the viewer's time zone, worded for the phase by the device clock;
 * - shows a returning holder's position and its countdown, ticking, from the figures the app stored on the device.
 */

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

function writeNote(element: HTMLElement, claimEnd: bigint): void {
  const note = claimWindowNote({ claimEnd }, nowSeconds())
  const time = document.createElement('time')
  time.dateTime = new Date(Number(note.date) * 1000).toISOString()
  time.textContent = formatDateTime(note.date)
  element.replaceChildren(note.lead, time, note.tail)
}

function showGlance(card: HTMLElement, buster: string, vesting: string): void {
  let storage: Storage
  try {
    storage = window.localStorage
  } catch {
    return
  }
  const holder = glanceHolder(window.location.search, storage)
  const glance = holder && readGlance({ storage, holder, buster, vesting, now: Date.now() })
  if (!glance) return
  const line = document.createElement('p')
  line.className = 'glance'
  const amount = document.createElement('strong')
  amount.textContent = glance.amount
  line.append('Your position: ', amount)
  card.append(line)
  const countdown = glanceCountdown(glance.schedule, nowSeconds())
  if (!countdown) return
  const left = document.createElement('span')
  left.className = 'countdown'
  line.append(` · ${countdown.label} `, left)
  const tick = () => {
    left.textContent = formatCountdown(countdown.to - nowSeconds())
  }
  tick()
  // The app's first render replaces the shell; the countdown stops with it.
  const timer = window.setInterval(() => (line.isConnected ? tick() : window.clearInterval(timer)), 1_000)
}

const card = document.querySelector<HTMLElement>('section[data-cache-buster]')
const note = card?.querySelector<HTMLElement>('[data-claim-end]')
const claimEnd = note?.dataset.claimEnd
if (note && claimEnd && /^\d+$/.test(claimEnd)) writeNote(note, BigInt(claimEnd))
const { cacheBuster, vesting } = card?.dataset ?? {}
if (card && cacheBuster && vesting) showGlance(card, cacheBuster, vesting)
