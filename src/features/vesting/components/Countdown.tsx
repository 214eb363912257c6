import { Plural, Trans } from '@lingui/react/macro'
import { formatCountdownClock } from '../../../domain/format'
import { daysChange, useClockTexts, useClockValue } from '../clock'

/**
 * Time left until `to` (epoch seconds): "12 days 03:04:05", then "Expired", in the page's language.
 *
 * One listener of the page clock writes each two-digit part into a box of its own, fixed at two digits wide and one
 * line high and contained, so that a tick lays out and paints that box alone, not the panel around it. React renders
 * again only when the days change. The clock part reads left to right whatever the page's direction and never breaks;
 * in a narrow column the days take a line of their own. (A compositor layer of its own for the clock was measured: it
 * did not lower the idle cost, so the page keeps one layer fewer.)
 *
 * It is not a compositor animation (columns of digits moved by CSS steps): while any animation runs, the compositor
 * and the GPU process draw every frame, about eight times the CPU of one text change a second.
 */
export function Countdown({ to }: { to: bigint }) {
  // Whole days left, or -1 once nothing is left.
  const days = useClockValue((now) => (to - now <= 0n ? -1 : Number((to - now) / SECONDS_PER_DAY)), daysChange(to))
  if (days < 0) {
    return (
      <span className="countdown">
        <Trans comment="A countdown that has run out">Expired</Trans>
      </span>
    )
  }
  // A timer, which screen readers do not announce as it ticks (it is no live region): read when the holder gets to it.
  return (
    <span className="countdown" role="timer">
      {days > 0 && (
        <>
          <Plural value={days} one="# day" other="# days" />{' '}
        </>
      )}
      <Clock to={to} />
    </span>
  )
}

const SECONDS_PER_DAY = 86_400n

/** Hours, minutes and seconds of the time left until `to`, each in its own box, written by one listener. */
function Clock({ to }: { to: bigint }) {
  const end = Number(to)
  const { ref, texts } = useClockTexts((now) => formatCountdownClock(end - now))
  return (
    <span className="countdown-clock" ref={ref}>
      <span className="countdown-digits">{texts[0]}</span>:<span className="countdown-digits">{texts[1]}</span>:
      <span className="countdown-digits">{texts[2]}</span>
    </span>
  )
}
