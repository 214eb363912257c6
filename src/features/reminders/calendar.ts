import { createEvents } from 'ics'
import { formatDateTime } from '../../lib/format'
import type { Reminder } from './reminders'

/** How long before each moment the calendar reminds the holder. */
export const ALARM_HOURS_BEFORE = 24

/**
 * An iCalendar file with one event per reminder, at its UTC time (calendars show it in the holder's zone), the local
 * time written in the description, and an alarm a day before. Loaded with the button that asks for it.
 */
export function calendarFile(
  reminders: readonly Reminder[],
  { portalUrl, locale, timeZone }: { portalUrl: string; locale?: string; timeZone?: string },
): string {
  const host = new URL(portalUrl).host
  const { error, value } = createEvents(
    reminders.map((reminder) => ({
      uid: `nai-${reminder.id}-${reminder.at}@${host}`,
      title: reminder.title,
      description: `${reminder.what}\nYour local time: ${formatDateTime(reminder.at, locale, timeZone)}.\n${portalUrl}`,
      url: portalUrl,
      start: Number(reminder.at) * 1000,
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: 30 },
      alarms: [
        {
          action: 'display',
          description: reminder.title,
          trigger: { hours: ALARM_HOURS_BEFORE, before: true },
        },
      ],
    })),
    { productId: 'nai-vesting-portal', calName: 'NAI vesting' },
  )
  if (error || value === null) throw error ?? new Error('The calendar file could not be written.')
  return value
}
