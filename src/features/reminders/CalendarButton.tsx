import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { Schedule } from '../../domain/schedule'
import { downloadFile } from '../../lib/download'
import { clockNow, reachingAny, useClockValue } from '../vesting/clock'
import { reminderMoments, upcomingReminders } from './reminders'

/**
 * "Add to calendar": an .ics file with the schedule's moments still ahead, made on the device (it works offline)
 * and holding nothing about the holder.
 */
export function CalendarButton({ schedule, className = 'button' }: { schedule: Schedule; className?: string }) {
  const upcoming = useClockValue(
    (now) => upcomingReminders(schedule, now).length,
    reachingAny(reminderMoments(schedule)),
  )
  const [failed, setFailed] = useState(false)
  if (upcoming === 0) return null
  const add = async () => {
    setFailed(false)
    try {
      const { calendarFile } = await import('./calendar')
      const text = calendarFile(upcomingReminders(schedule, clockNow()), { portalUrl: `${window.location.origin}/` })
      downloadFile('nai-vesting-reminders.ics', 'text/calendar', text)
    } catch {
      setFailed(true)
    }
  }
  return (
    <>
      <button type="button" className={className} onClick={() => void add()}>
        <Trans>Add to calendar</Trans>
      </button>
      {failed && (
        <p className="hint" role="alert">
          <Trans>The calendar file could not be made. Reload the page and try again.</Trans>
        </p>
      )}
    </>
  )
}
