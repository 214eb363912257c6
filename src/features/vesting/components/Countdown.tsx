import { useNow } from '../clock'
import { formatCountdown } from '../domain/format'

/** Time left until `to` (epoch seconds), ticking with the page clock. */
export function Countdown({ to }: { to: bigint }) {
  const now = useNow()
  return <span className="countdown">{formatCountdown(to - now)}</span>
}
