import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import type { Address } from 'viem'
import { formatDateTime } from '../../../domain/format'
import { type Position, vestedAmount } from '../../../domain/position'
import type { Schedule } from '../../../domain/schedule'
import { axisPosition, type ClaimAndBurnRecord, timelineFacts, timelineText } from '../../../domain/timeline'
import { directionOf } from '../../../i18n/locales'
import { useHolderHistory } from '../../statement/useHolderHistory'
import { clockNow, nextMinute, useClockTexts, useClockValue } from '../clock'

const WIDTH = 320
const HEIGHT = 120
const TOP = 16
const BOTTOM = 92
const x = (share: number) => 8 + share * (WIDTH - 16)

type Props = { holder: Address; schedule: Schedule; position: Position; format: (value: bigint) => string }

/**
 * The holder's schedule as one small chart — claim window, lock, linear unlock, "you are here" — drawn by hand in
 * SVG, and the same facts as text beside it. Time runs the way the page reads: right to left in Arabic. Claims and
 * burns appear once the history has been read for the statement; it is never read for the chart alone.
 */
export default function Timeline({ holder, schedule, position, format }: Props) {
  const titleId = useId()
  // The text below says the minute; the chart is drawn again only when it would look different, which on a two-year
  // schedule happens hours apart.
  useClockValue((now) => chartMoment(schedule, position, now), nextMinute)
  const now = clockNow()
  const records = useClaimAndBurnRecords(holder)
  const { i18n } = useLingui()
  const rightToLeft = directionOf(i18n.locale) === 'rtl'
  const facts = timelineFacts(schedule, position, now, records)
  const at = (time: bigint) => {
    const position = x(axisPosition(schedule, time))
    return rightToLeft ? WIDTH - position : position
  }
  // The stretch between two moments, whichever way time runs.
  const span = (from: bigint, to: bigint) => ({ x: Math.min(at(from), at(to)), width: Math.abs(at(to) - at(from)) })
  const level = (share: bigint) =>
    facts.total === 0n ? BOTTOM : BOTTOM - Number((share * 1000n) / facts.total) * ((BOTTOM - TOP) / 1000)
  const here = at(now)

  return (
    <section className="panel timeline" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Your vesting timeline</Trans>
      </h2>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="timeline-chart" aria-hidden="true" focusable="false">
        <rect {...span(schedule.claimStart, schedule.claimEnd)} y={TOP} height={BOTTOM - TOP} className="tl-window" />
        <rect {...span(schedule.claimEnd, schedule.unlockStart)} y={TOP} height={BOTTOM - TOP} className="tl-lock" />
        <rect {...span(schedule.unlockStart, schedule.unlockEnd)} y={TOP} height={BOTTOM - TOP} className="tl-unlock" />
        {/* What has unlocked so far: the vesting line up to now, filled. */}
        {facts.unlocked > 0n && (
          <polygon
            className="tl-unlocked"
            points={`${at(schedule.unlockStart)},${BOTTOM} ${here},${level(facts.unlocked)} ${here},${BOTTOM}`}
          />
        )}
        <polyline
          className="tl-vesting"
          points={`${at(schedule.claimStart)},${BOTTOM} ${at(schedule.unlockStart)},${BOTTOM} ${at(schedule.unlockEnd)},${level(facts.total)}`}
        />
        {facts.claimed > 0n && (
          <line
            className="tl-claimed"
            x1={at(schedule.unlockStart)}
            x2={at(schedule.unlockEnd)}
            y1={level(facts.claimed)}
            y2={level(facts.claimed)}
          />
        )}
        {records.map((record) => (
          <circle key={String(record.at)} className="tl-burn" cx={at(record.at)} cy={TOP + 6} r={4} />
        ))}
        <line className="tl-here" x1={here} x2={here} y1={TOP - 6} y2={BOTTOM + 4} />
        <text className="tl-label" x={Math.min(Math.max(here, 40), WIDTH - 40)} y={TOP - 8} textAnchor="middle">
          <Trans comment="Chart label: the present moment on the schedule">You are here</Trans>
        </text>
        <text className="tl-label" x={at(schedule.claimStart)} y={HEIGHT - 8}>
          <Trans comment="Chart label, short: the claim window (when tokens can be claimed with a burn)">Window</Trans>
        </text>
        <text
          className="tl-label"
          x={(at(schedule.claimEnd) + at(schedule.unlockStart)) / 2}
          y={HEIGHT - 8}
          textAnchor="middle"
        >
          <Trans comment="Chart label, short: the stretch in which the tokens are locked">Locked</Trans>
        </text>
        <text
          className="tl-label"
          x={(at(schedule.unlockStart) + at(schedule.unlockEnd)) / 2}
          y={HEIGHT - 8}
          textAnchor="middle"
        >
          <Trans comment="Chart label, short: the stretch in which the tokens unlock a little at a time">
            Unlocking
          </Trans>
        </text>
      </svg>
      <TimelineText schedule={schedule} position={position} records={records} format={format} />
    </section>
  )
}

/**
 * What the chart draws of the moment `now`: where "you are here" stands, to half a unit of its width, and the share
 * unlocked, to the thousandth its vertical scale resolves.
 */
function chartMoment(schedule: Schedule, position: Position, now: bigint): string {
  const unlocked = vestedAmount(position.amount, schedule, now)
  const perMille = position.amount === 0n ? 0n : (unlocked * 1000n) / position.amount
  return `${Math.round(x(axisPosition(schedule, now)) * 2)}|${unlocked > 0n}|${perMille}`
}

/**
 * The chart's facts as text, which says the present moment to the minute, and in the unlock the amounts as they
 * stand then: each minute the clock writes the lines that changed straight into their items, with no render. Its
 * lines are translated as they are built, so a change of language renders them again.
 */
function TimelineText({
  schedule,
  position,
  records,
  format,
}: Omit<Props, 'holder'> & { records: ClaimAndBurnRecord[] }) {
  useLingui()
  const { ref, texts } = useClockTexts(
    (now) =>
      timelineText(timelineFacts(schedule, position, BigInt(now), records), {
        date: (at) => formatDateTime(at),
        amount: format,
      }),
    nextMinute,
  )
  // Items keyed by place: a minute changes their text, never which items there are.
  return (
    <ul className="timeline-text" ref={ref}>
      {texts.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the same facts in the same order each minute
        <li key={index}>{line}</li>
      ))}
    </ul>
  )
}

/** The holder's claims and burns, once the history has been read for the statement; none before. */
function useClaimAndBurnRecords(holder: Address): ClaimAndBurnRecord[] {
  const { state } = useHolderHistory(holder)
  if (state.status !== 'done') return []
  return state.entries.flatMap((entry) =>
    entry.kind === 'claimAndBurn'
      ? [{ at: entry.timestamp, amount: entry.amount, received: entry.received ?? 0n, burned: entry.burned ?? 0n }]
      : [],
  )
}
