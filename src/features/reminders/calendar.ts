import { t } from '@lingui/core/macro'
import { formatDateTime } from '../../domain/format'
import type { Reminder } from './reminders'

/** How long before each moment the calendar reminds the holder. */
export const ALARM_HOURS_BEFORE = 24

/** How long each event lasts in the calendar. */
const EVENT_MINUTES = 30

/** iCalendar lines are at most 75 octets; a longer one continues on the next line after a space. */
const MAX_LINE_OCTETS = 75

/**
 * An iCalendar file (RFC 5545) with one event per reminder, at its UTC time (calendars show it in the holder's zone),
 * the local time written in the description, and an alarm a day before. Loaded with the button that asks for it.
 * Its texts are in the page's language at the moment the file is made.
 */
export function calendarFile(
  reminders: readonly Reminder[],
  { portalUrl, locale, timeZone }: { portalUrl: string; locale?: string; timeZone?: string },
): string {
  const host = new URL(portalUrl).host
  const stamp = utc(new Date())
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//nai//nai-vesting-portal//EN', 'CALSCALE:GREGORIAN']
  const calendarName = t({ message: 'NAI vesting', comment: "The calendar's name, shown in the holder's calendar app" })
  lines.push(`X-WR-CALNAME:${text(calendarName)}`)
  for (const reminder of reminders) {
    const start = new Date(Number(reminder.at) * 1000)
    const localTime = formatDateTime(reminder.at, locale, timeZone)
    const description = `${reminder.what}\n${t`Your local time: ${localTime}.`}\n${portalUrl}`
    lines.push(
      'BEGIN:VEVENT',
      `UID:${text(`nai-${reminder.id}-${reminder.at}@${host}`)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(new Date(start.getTime() + EVENT_MINUTES * 60_000))}`,
      `SUMMARY:${text(reminder.title)}`,
      `DESCRIPTION:${text(description)}`,
      `URL;VALUE=URI:${portalUrl}`,
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${text(reminder.title)}`,
      `TRIGGER:-PT${ALARM_HOURS_BEFORE}H`,
      'END:VALARM',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** A date-time in UTC, as `20241113T190000Z`. */
function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r?\n/g, '\\n')
}

/** Folds a content line into pieces of at most 75 octets, never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder()
  const pieces: string[] = []
  let piece = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    // Every continuation line starts with one space, which counts towards its 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1
    if (octets + size > limit) {
      pieces.push(piece)
      piece = ''
      octets = 0
    }
    piece += character
    octets += size
  }
  pieces.push(piece)
  return pieces.join('\r\n ')
}
