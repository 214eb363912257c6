import { processIo } from './io.ts'
import { runCli } from './program.ts'

const code = await runCli(process.argv.slice(2), processIo())
// Let pending output drain before the exit code is set, rather than cutting it off with process.exit().
process.exitCode = code
