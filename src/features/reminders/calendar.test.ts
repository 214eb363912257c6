import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_SCHEDULE } from '../../domain/schedule'
import { calendarFile } from './calendar'
import { upcomingReminders } from './reminders'

const { claimStart, claimEnd, unlockStart, unlockEnd } = PRODUCTION_SCHEDULE

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    const alarm = vevent.getFirstSubcomponent('valarm')
    return {
      uid: event.uid,
      summary: event.summary,
      minutes: event.duration.toSeconds() / 60,
      startUtc: event.startDate.toUnixTime(),
      isUtc: event.startDate.zone === ICAL.Timezone.utcTimezone,
      description: event.description,
      alarm: alarm && {
        action: alarm.getFirstPropertyValue('action'),
        secondsBefore: -(alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
      },
    }
  })
}

describe('upcomingReminders', () => {
  it.each([
    ['in the claim window', claimStart, ['claim-end', 'unlock-start', 'unlock-end']],
    ['while locked', claimEnd, ['unlock-start', 'unlock-end']],
    ['while unlocking', unlockStart, ['unlock-end']],
    ['after the unlock', unlockEnd, []],
  ])('%s: only the moments still ahead', (_, now, ids) => {
    expect(upcomingReminders(PRODUCTION_SCHEDULE, now).map((reminder) => reminder.id)).toEqual(ids)
  })
})

describe('calendarFile', () => {
  it('parses back to the schedule in UTC, with the local time described and an alarm a day before', () => {
    const text = calendarFile(upcomingReminders(PRODUCTION_SCHEDULE, claimStart), {
      portalUrl: 'https://portal.example.org/',
      locale: 'en-US',
      timeZone: 'Asia/Tokyo',
    })
    expect(parse(text)).toEqual([
      {
        uid: `nai-claim-end-${claimEnd}@portal.example.org`,
        summary: 'NAI claim window closes',
        minutes: 30,
        startUtc: Number(claimEnd),
        isUtc: true,
        description:
          'The NAI claim and burn window closes. Tokens left untouched are then locked automatically for 12 months.\nYour local time: Nov 14, 2024, 4:00 AM GMT+9.\nhttps://portal.example.org/',
        alarm: { action: 'DISPLAY', secondsBefore: 86_400 },
      },
      {
        uid: `nai-unlock-start-${unlockStart}@portal.example.org`,
        summary: 'NAI tokens start unlocking',
        minutes: 30,
        startUtc: Number(unlockStart),
        isUtc: true,
        description:
          'Locked NAI tokens start unlocking linearly over 12 months and can be claimed as they unlock.\nYour local time: Feb 2, 2026, 4:00 AM GMT+9.\nhttps://portal.example.org/',
        alarm: { action: 'DISPLAY', secondsBefore: 86_400 },
      },
      {
        uid: `nai-unlock-end-${unlockEnd}@portal.example.org`,
        summary: 'NAI tokens fully unlocked',
        minutes: 30,
        startUtc: Number(unlockEnd),
        isUtc: true,
        description:
          'Every locked NAI token has unlocked and can be claimed.\nYour local time: Feb 2, 2027, 4:00 AM GMT+9.\nhttps://portal.example.org/',
        alarm: { action: 'DISPLAY', secondsBefore: 86_400 },
      },
    ])
    expect(text).toContain('DTSTART:20241113T190000Z')
  })

  it('escapes and folds text as iCalendar requires: every line within 75 octets, no character split', () => {
    const title = 'Ünlock; a\\b, c — 日本語 '.repeat(6)
    const what = `${'Zeile\nmit Ümlauten, Kommas; und \\ '.repeat(5)}€`
    const text = calendarFile([{ id: 'unlock-end', at: unlockEnd, title, what }], {
      portalUrl: 'https://portal.example.org/',
    })
    const lines = text.split('\r\n')
    expect(lines.at(-1)).toBe('')
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(4)
    const [event] = parse(text)
    expect(event?.summary).toBe(title)
    expect(event?.description.startsWith(what)).toBe(true)
    expect(event?.alarm).toEqual({ action: 'DISPLAY', secondsBefore: 86_400 })
  })
})
