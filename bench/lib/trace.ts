import type { CDPSession } from '@playwright/test'

/** One kind of work on the page's main thread while idle: how often and how long, per second of the trace. */
export type TracePart = { name: string; perSecond: number; msPerSecond: number }
/** Where an idle page's main-thread time goes, from a trace of a few seconds. */
export type IdleTrace = { seconds: number; tasksPerSecond: number; taskMsPerSecond: number; parts: TracePart[] }

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: {
    name?: string
    data?: { functionName?: string; url?: string; frames?: { processId?: number; isOutermostMainFrame?: boolean }[] }
  }
}

/** The trace events each part of a task is counted from, with the name the summary gives it. */
const PARTS: Record<string, string> = {
  TimerFire: 'timer callbacks',
  FunctionCall: 'JavaScript called by the browser',
  EventDispatch: 'DOM events',
  FireAnimationFrame: 'animation frames',
  UpdateLayoutTree: 'style recalculation',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  UpdateLayer: 'layer update',
  Commit: 'commit to the compositor',
  MinorGC: 'garbage collection (minor)',
  MajorGC: 'garbage collection (major)',
  'V8.GC_SCAVENGER': 'garbage collection (minor)',
  'V8.GC_MARK_COMPACTOR': 'garbage collection (major)',
  HitTest: 'hit testing',
  ParseHTML: 'HTML parsing',
  EvaluateScript: 'script evaluation',
}

/**
 * Records the page's main thread for `seconds` through the DevTools timeline trace and sums each kind of work. Parts
 * nest (a timer callback can include a layout it forces), so their sum may exceed the tasks' time.
 */
export async function traceIdle(cdp: CDPSession, seconds: number): Promise<IdleTrace> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'],
      excludedCategories: ['*'],
    },
  })
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  await cdp.send('Tracing.end')
  await complete
  return summarise(events, seconds)
}

/**
 * Sums the main thread of the page the trace was started from. A trace records every renderer of the browser, so
 * the page's own renderer is the one its `TracingStartedInBrowser` event names, not the first one listed.
 */
export function summarise(events: TraceEvent[], seconds: number): IdleTrace {
  const started = events.find((event) => event.name === 'TracingStartedInBrowser')
  const frames = started?.args?.data?.frames ?? []
  const pid = (frames.find((frame) => frame.isOutermostMainFrame) ?? frames[0])?.processId
  const main = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      (pid === undefined || event.pid === pid),
  )
  const onMain = events.filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
  const tasks = onMain.filter((event) => event.name === 'RunTask')
  const parts = new Map<string, { count: number; us: number }>()
  for (const event of onMain) {
    const name = PARTS[event.name]
    if (!name) continue
    const part = parts.get(name) ?? { count: 0, us: 0 }
    part.count += 1
    part.us += event.dur ?? 0
    parts.set(name, part)
  }
  const taskUs = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)
  return {
    seconds,
    tasksPerSecond: tasks.length / seconds,
    taskMsPerSecond: taskUs / 1000 / seconds,
    parts: [...parts]
      .map(([name, { count, us }]) => ({ name, perSecond: count / seconds, msPerSecond: us / 1000 / seconds }))
      .sort((a, b) => b.msPerSecond - a.msPerSecond),
  }
}

/** The trace in one line per part, for the report. */
export function traceLines(trace: IdleTrace): string[] {
  return [
    `${trace.tasksPerSecond.toFixed(1)} tasks/s, ${trace.taskMsPerSecond.toFixed(2)} ms/s in all`,
    ...trace.parts
      .filter((part) => part.msPerSecond >= 0.005)
      .map((part) => `${part.name}: ${part.perSecond.toFixed(1)}/s, ${part.msPerSecond.toFixed(2)} ms/s`),
  ]
}
