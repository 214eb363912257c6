import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { root } from './stack.ts'

/**
 * `docs/figures.md`: the measured figures, one section per bench, each rewritten whole by its own bench's latest run
 * (never by hand, and with no earlier run kept).
 */
const FILE = join(root, 'docs/figures.md')

export const FIGURE_SECTIONS = {
  page: { title: 'Page load, RPC reads and idle cost', command: 'npm run bench' },
  offline: { title: 'Offline open of the installed app', command: 'npm run bench:pwa' },
  launch: { title: 'Launch day: a crowd against one rate-limited RPC', command: 'npm run bench:launch' },
} as const
export type FigureSection = keyof typeof FIGURE_SECTIONS

const HEADER = [
  '# Measured figures',
  '',
  'Written by the benches: each section below is replaced whole by its own command, from one run, with the machine it',
  'ran on. Do not edit it by hand. How each figure is measured: [bench/README.md](../bench/README.md).',
]

const begin = (section: FigureSection) => `<!-- figures:${section} -->`
const end = (section: FigureSection) => `<!-- /figures:${section} -->`

/** The machine a run is measured on, in one line: CPUs, load before and after. */
export function machineLine(loadAtStart: number): string {
  const cpu = cpus()
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${loadAtStart.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end.`
}

/** Replaces `section` of the figures file with `body` (Markdown), dated and with the machine's line. */
export function writeFigures(section: FigureSection, body: string, machine: string): void {
  const { title, command } = FIGURE_SECTIONS[section]
  const block = [
    begin(section),
    `## ${title}`,
    '',
    `\`${command}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${machine}`,
    '',
    body.trim(),
    end(section),
  ].join('\n')
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : ''
  const sections = (Object.keys(FIGURE_SECTIONS) as FigureSection[]).map((name) => {
    if (name === section) return block
    const from = current.indexOf(begin(name))
    const to = current.indexOf(end(name))
    if (from !== -1 && to > from) return current.slice(from, to + end(name).length)
    const other = FIGURE_SECTIONS[name]
    return [begin(name), `## ${other.title}`, '', `Not measured yet: run \`${other.command}\`.`, end(name)].join('\n')
  })
  writeFileSync(FILE, `${[...HEADER, '', ...sections.flatMap((text) => [text, ''])].join('\n').trimEnd()}\n`)
  console.log(`Written to docs/figures.md (${title}).`)
}
