import { t } from '@lingui/core/macro'
import type { Schedule } from '../../domain/schedule'

/** One moment of the schedule worth a calendar entry; its title and description in the page's language. */
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
      title: t({ message: 'NAI claim window closes', comment: 'Calendar event: the last moment to claim and burn' }),
      what: t({
        message:
          'The NAI claim and burn window closes. Tokens left untouched are then locked automatically for 12 months.',
        comment:
          'Calendar event description. Claim: take the tokens now; burn: the share destroyed when claiming early',
      }),
    },
    {
      id: 'unlock-start',
      at: schedule.unlockStart,
      title: t({
        message: 'NAI tokens start unlocking',
        comment: 'Calendar event: locked tokens start to be released',
      }),
      what: t({
        message: 'Locked NAI tokens start unlocking linearly over 12 months and can be claimed as they unlock.',
        comment: 'Calendar event description. Unlock: locked tokens released over time; claim: take them',
      }),
    },
    {
      id: 'unlock-end',
      at: schedule.unlockEnd,
      title: t({ message: 'NAI tokens fully unlocked', comment: 'Calendar event: every locked token is released' }),
      what: t({
        message: 'Every locked NAI token has unlocked and can be claimed.',
        comment: 'Calendar event description. Unlock: locked tokens released over time; claim: take them',
      }),
    },
  ]
  return all.filter((reminder) => reminder.at > now)
}
