import type { Schedule } from '../../domain/schedule'

/** One moment of the schedule worth a calendar entry. */
export type Reminder = { id: 'claim-end' | 'unlock-start' | 'unlock-end'; at: bigint; title: string; what: string }

/** The moments a reminder is made for; one drops out of the calendar file as the clock reaches it. */
export function reminderMoments(schedule: Schedule): bigint[] {
  return [schedule.claimEnd, schedule.unlockStart, schedule.unlockEnd]
}

/**
 * The schedule's moments still ahead at `now`: the claim window's end, the unlock's start and its end. Nothing about
 * the holder goes into them, so the file can be shared or synced without giving anything away.
 */
export function upcomingReminders(schedule: Schedule, now: bigint): Reminder[] {
  const all: Reminder[] = [
    {
      id: 'claim-end',
      at: schedule.claimEnd,
      title: 'NAI claim window closes',
      what: 'The NAI claim and burn window closes. Tokens left untouched are then locked automatically for 12 months.',
    },
    {
      id: 'unlock-start',
      at: schedule.unlockStart,
      title: 'NAI tokens start unlocking',
      what: 'Locked NAI tokens start unlocking linearly over 12 months and can be claimed as they unlock.',
    },
    {
      id: 'unlock-end',
      at: schedule.unlockEnd,
      title: 'NAI tokens fully unlocked',
      what: 'Every locked NAI token has unlocked and can be claimed.',
    },
  ]
  return all.filter((reminder) => reminder.at > now)
}
