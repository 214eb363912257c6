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
  args?: { data?: { frame?: string } }
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
  'SingleThreadIdleTaskRunner::RunTask': 'idle-time tasks',
  ParseHTML: 'HTML parsing',
  EvaluateScript: 'script evaluation',
}

/**
 * Records the main thread of each page whose main frame is in `frameIds`, all over the same `seconds`, through the
 * DevTools timeline trace, and sums each kind of work page by page. A trace records every renderer of the browser at
 * once, so the pages share the window and the machine's drift over it. Parts nest (a timer callback can include a
 * layout it forces), so their sum may exceed the tasks' time.
 */
export async function traceIdle(cdp: CDPSession, frameIds: string[], seconds: number): Promise<IdleTrace[]> {
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
  return frameIds.map((frameId) => summarise(events, frameId, seconds))
}

/** The main frame's id, as its page's trace events name it. */
export async function mainFrameId(cdp: CDPSession): Promise<string> {
  const { frameTree } = await cdp.send('Page.getFrameTree')
  return frameTree.frame.id
}

/**
 * Sums the main thread of the page whose main frame is `frameId`: the thread its frame's timers fire on, or else any
 * of its frame's own events (scripts, paints). A page that did nothing of its own in the window sums to nothing.
 */
export function summarise(events: TraceEvent[], frameId: string, seconds: number): IdleTrace {
  const ofFrame = (event: TraceEvent) => event.args?.data?.frame === frameId
  const own = events.find((event) => event.name === 'TimerFire' && ofFrame(event)) ?? events.find(ofFrame)
  const onMain = own ? events.filter((event) => event.pid === own.pid && event.tid === own.tid && event.ph === 'X') : []
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

/**
 * What the portal and its frozen page spend above the floor, part by part, from traces of one window: where the
 * portal's cost over the floor goes, and how much of each part the document alone already takes. Parts nest.
 */
export function overFloorLines(portal: IdleTrace, frozen: IdleTrace, floor: IdleTrace): string[] {
  const of = (trace: IdleTrace, name: string) => trace.parts.find((part) => part.name === name)?.msPerSecond ?? 0
  const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(2)}`
  const names = [...new Set([...portal.parts, ...frozen.parts, ...floor.parts].map((part) => part.name))]
  const rows = [
    {
      name: 'tasks in all',
      portal: portal.taskMsPerSecond - floor.taskMsPerSecond,
      frozen: frozen.taskMsPerSecond - floor.taskMsPerSecond,
    },
    ...names.map((name) => ({
      name,
      portal: of(portal, name) - of(floor, name),
      frozen: of(frozen, name) - of(floor, name),
    })),
  ]
  return rows
    .filter((row, index) => index === 0 || Math.max(Math.abs(row.portal), Math.abs(row.frozen)) >= 0.005)
    .map((row) => `${row.name} ${signed(row.portal)}; ${signed(row.frozen)}`)
}
