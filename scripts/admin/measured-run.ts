import { writeFileSync } from 'node:fs'
import { Command } from 'commander'
import { processIo } from './io.ts'
import { runCli } from './program.ts'

// One command line of the owner tool, as from the shell, that then writes what it cost to the file named first: its
// exit code, wall time and peak resident memory, as JSON. The load bench runs the tool through it.
const command = new Command('node --import tsx scripts/admin/measured-run.ts')
  .description('Runs one command line of the owner tool and writes its exit code, wall time and peak memory as JSON.')
  .argument('<report.json>', 'where to write the cost')
  .argument('<command...>', "the owner tool's command and its options")
  .passThroughOptions()
  .allowUnknownOption()
  .parse()
const [report, argv] = command.processedArgs as [string, string[]]
const started = performance.now()
const code = await runCli(argv, processIo())
// resourceUsage().maxRSS is in kilobytes.
const cost = { code, wallMs: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }
writeFileSync(report, `${JSON.stringify(cost)}\n`)
process.exitCode = code
