import { processIo } from './io.ts'
import { runCli } from './program.ts'

// The tests' rehearsal of a crash: the real command line, killed as abruptly as `kill -9` right after its Nth
// confirmed batch. Usage: tsx scripts/admin/crash-rehearsal.ts N <command> [options]
const [batches, ...argv] = process.argv.slice(2)
const io = {
  ...processIo(),
  afterBatch: (confirmed: number) => {
    if (confirmed === Number(batches)) process.kill(process.pid, 'SIGKILL')
  },
}
process.exitCode = await runCli(argv, io)
