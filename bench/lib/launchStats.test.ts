import { describe, expect, it } from 'vitest'
import {
  benchLimitReasons,
  CPU_BUSY_LIMIT_PERCENT,
  cpuUse,
  HOLDER_THREAD_DELAY_LIMIT_MS,
  medianRun,
  parseCpuTimes,
  percentile,
} from './launchStats.ts'

const procStat = (user: number, idle: number, iowait: number, guest: number) =>
  [
    `cpu  ${user} 10 20 ${idle} ${iowait} 0 5 0 ${guest} 0`,
    `cpu0 ${user} 10 20 ${idle} ${iowait} 0 5 0 ${guest} 0`,
    'intr 12345',
  ].join('\n')

describe('parseCpuTimes', () => {
  it('counts idle and iowait as idle, and guest time once (it is part of user)', () => {
    expect(parseCpuTimes(procStat(100, 800, 50, 30))).toEqual({ busy: 135, total: 985 })
  })

  it('is null for text without the summary line', () => {
    expect(parseCpuTimes('cpu0 1 2 3 4\nintr 5')).toBeNull()
    expect(parseCpuTimes('')).toBeNull()
  })
})

describe('cpuUse', () => {
  it('is the busy share of the ticks between two readings', () => {
    const before = parseCpuTimes(procStat(100, 800, 50, 0))
    const after = parseCpuTimes(procStat(280, 820, 50, 0))
    expect(cpuUse(before, after)).toEqual({ busyPercent: 90, from: '/proc/stat' })
  })

  it('falls back to the load average per core without two readings', () => {
    const use = cpuUse(null, null)
    expect(use.from).toBe('load average')
    expect(use.busyPercent).toBeGreaterThanOrEqual(0)
    expect(use.busyPercent).toBeLessThanOrEqual(100)
  })
})

describe('medianRun', () => {
  const run = (requests: number) => ({ requests })

  it('is the middle run of an odd count, whatever their order', () => {
    expect(medianRun([run(3.04), run(2.95), run(2.98)], (r) => r.requests)).toEqual(run(2.98))
  })

  it('is the higher middle run of an even count', () => {
    expect(medianRun([run(2), run(4), run(1), run(3)], (r) => r.requests)).toEqual(run(3))
    expect(medianRun([run(5)], (r) => r.requests)).toEqual(run(5))
  })

  it('refuses no runs', () => {
    expect(() => medianRun([], () => 0)).toThrow()
  })
})

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 20 }, (_, index) => index + 1)
    expect(percentile(sorted, 95)).toBe(19)
    expect(percentile(sorted, 50)).toBe(10)
    expect(percentile([], 50)).toBeNull()
  })
})

describe('benchLimitReasons', () => {
  const calm = {
    worstHolderThread: { p99: 40, max: 80 },
    cpu: { busyPercent: 60, from: '/proc/stat' as const },
    unanswered: 10,
    requests: 3000,
  }

  it('finds none in a run the app limited', () => {
    expect(benchLimitReasons(calm)).toEqual([])
  })

  it('names each limit the bench passed', () => {
    const reasons = benchLimitReasons({
      worstHolderThread: { p99: HOLDER_THREAD_DELAY_LIMIT_MS + 1, max: 400 },
      cpu: { busyPercent: CPU_BUSY_LIMIT_PERCENT + 1, from: '/proc/stat' },
      unanswered: 151,
      requests: 3000,
    })
    expect(reasons).toEqual([
      'holder thread event-loop delay p99 101 ms > 100 ms',
      'CPU 91 % busy > 90 %',
      'client timeouts 5.0 % of requests > 5 %',
    ])
  })

  it('holds at the thresholds themselves', () => {
    expect(
      benchLimitReasons({
        ...calm,
        worstHolderThread: { p99: HOLDER_THREAD_DELAY_LIMIT_MS, max: 100 },
        cpu: { busyPercent: CPU_BUSY_LIMIT_PERCENT, from: '/proc/stat' },
        unanswered: 150,
      }),
    ).toEqual([])
  })
})
