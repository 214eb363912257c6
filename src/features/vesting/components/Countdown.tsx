import { formatCountdown } from '../../../domain/format'
import { useClockText } from '../clock'

/** Time left until `to` (epoch seconds), written by the page clock each second without re-rendering the page. */
export function Countdown({ to }: { to: bigint }) {
  const { ref, text } = useClockText((now) => formatCountdown(to - now))
  return (
    <span className="countdown" ref={ref}>
      {text}
    </span>
  )
}
