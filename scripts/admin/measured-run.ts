import { writeFileSync } from 'node:fs'
import { processIo } from './io.ts'
import { runCli } from './program.ts'

// One command line of the owner tool, as from the shell, that then writes what it cost to the file named first: its
// exit code, wall time and peak resident memory, as JSON. The load bench runs the tool through it.
// Usage: node --import tsx scripts/admin/measured-run.ts <report.json> <command> [options]
const [report, ...argv] = process.argv.slice(2)
if (!report) throw new Error('Usage: measured-run.ts <report.json> <command> [options]')
const started = performance.now()
const code = await runCli(argv, processIo())
// resourceUsage().maxRSS is in kilobytes.
const cost = { code, wallMs: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }
writeFileSync(report, `${JSON.stringify(cost)}\n`)
process.exitCode = code
