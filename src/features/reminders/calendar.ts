import ical, { ICalAlarmType } from 'ical-generator'
import { formatDateTime } from '../../domain/format'
import type { Reminder } from './reminders'

/** How long before each moment the calendar reminds the holder. */
export const ALARM_HOURS_BEFORE = 24

/** How long each event lasts in the calendar. */
const EVENT_MINUTES = 30

/**
 * An iCalendar file with one event per reminder, at its UTC time (calendars show it in the holder's zone), the local
 * time written in the description, and an alarm a day before. Loaded with the button that asks for it.
 */
export function calendarFile(
  reminders: readonly Reminder[],
  { portalUrl, locale, timeZone }: { portalUrl: string; locale?: string; timeZone?: string },
): string {
  const host = new URL(portalUrl).host
  const calendar = ical({ prodId: { company: 'nai', product: 'nai-vesting-portal' }, name: 'NAI vesting' })
  for (const reminder of reminders) {
    const start = new Date(Number(reminder.at) * 1000)
    calendar.createEvent({
      id: `nai-${reminder.id}-${reminder.at}@${host}`,
      summary: reminder.title,
      description: `${reminder.what}\nYour local time: ${formatDateTime(reminder.at, locale, timeZone)}.\n${portalUrl}`,
      url: portalUrl,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      alarms: [{ type: ICalAlarmType.display, description: reminder.title, triggerBefore: ALARM_HOURS_BEFORE * 3600 }],
    })
  }
  return calendar.toString()
}
