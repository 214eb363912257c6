/**
 * The launch bench's arithmetic: percentiles, the median run, the machine's CPU use over a run, and when the bench
 * itself rather than the app under test was the limit.
 */
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'

/** A holder thread stalled this long at p99 (20 ms of it is sampling) is late by more than the figures' 0.1 s. */
export const HOLDER_THREAD_DELAY_LIMIT_MS = 100
/** Above this, the proxy's thread, the holder threads and anvil queue for a core: late by time no figure shows. */
export const CPU_BUSY_LIMIT_PERCENT = 90
/** The proxy refuses at once what it does not serve: past a few strays, client timeouts mean the machine lagged. */
export const UNANSWERED_LIMIT_SHARE = 0.05

export type Delay = { p99: number; max: number }
/** CPU use over a run across all cores, from `/proc/stat`, or estimated from the load average where it is missing. */
export type CpuUse = { busyPercent: number; from: '/proc/stat' | 'load average' }
/** Time the CPUs spent since boot, in `/proc/stat`'s ticks: busy and in all. */
export type CpuTimes = { busy: number; total: number }

/** The nearest-rank percentile `p` of ascending `sorted`; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null
}

/**
 * The run whose `value` is the median: the middle one of an odd count, the higher of the two middle ones of an even
 * count, so that a "no more than" target met by it is met by at least half of the runs.
 */
export function medianRun<T>(runs: readonly T[], value: (run: T) => number): T {
  const middle = [...runs].sort((a, b) => value(a) - value(b))[Math.floor(runs.length / 2)]
  if (middle === undefined) throw new Error('There is no run to take the median of.')
  return middle
}

/**
 * The summed CPU times in `/proc/stat`'s first line (`cpu  user nice system idle iowait irq softirq steal guest
 * guest_nice`); null if it has none. Idle is idle and iowait; guest time is already counted in user and nice.
 */
export function parseCpuTimes(procStat: string): CpuTimes | null {
  const line = procStat.split('\n').find((text) => text.startsWith('cpu '))
  const ticks = line?.trim().split(/\s+/).slice(1, 9).map(Number) ?? []
  if (ticks.length < 4 || ticks.some((tick) => !Number.isFinite(tick))) return null
  const total = ticks.reduce((sum, tick) => sum + tick, 0)
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
  return { busy: total - idle, total }
}

/** The CPUs' times now, or null where `/proc/stat` cannot be read (not Linux). */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'))
  } catch {
    return null
  }
}

/** CPU busy between two readings of `/proc/stat`, in whole percent; the 1-minute load average per core without them. */
export function cpuUse(before: CpuTimes | null, after: CpuTimes | null): CpuUse {
  if (before && after && after.total > before.total) {
    const busyPercent = Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))
    return { busyPercent, from: '/proc/stat' }
  }
  const perCore = (loadavg()[0] ?? 0) / Math.max(1, cpus().length)
  return { busyPercent: Math.min(100, Math.round(100 * perCore)), from: 'load average' }
}

/** What one run says about the bench: its worst holder thread, the CPU, and its requests that got no answer. */
export type BenchLoad = { worstHolderThread: Delay; cpu: CpuUse; unanswered: number; requests: number }

/** Why the bench, not the app, was the limit of a run; none if the app was. */
export function benchLimitReasons({ worstHolderThread, cpu, unanswered, requests }: BenchLoad): string[] {
  const reasons: string[] = []
  if (worstHolderThread.p99 > HOLDER_THREAD_DELAY_LIMIT_MS) {
    reasons.push(`holder thread event-loop delay p99 ${worstHolderThread.p99} ms > ${HOLDER_THREAD_DELAY_LIMIT_MS} ms`)
  }
  if (cpu.busyPercent > CPU_BUSY_LIMIT_PERCENT) {
    reasons.push(`CPU ${cpu.busyPercent} % busy > ${CPU_BUSY_LIMIT_PERCENT} %`)
  }
  if (requests > 0 && unanswered / requests > UNANSWERED_LIMIT_SHARE) {
    const share = ((100 * unanswered) / requests).toFixed(1)
    reasons.push(`client timeouts ${share} % of requests > ${UNANSWERED_LIMIT_SHARE * 100} %`)
  }
  return reasons
}
