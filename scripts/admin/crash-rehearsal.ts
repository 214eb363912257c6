import { Command } from 'commander'
import { positiveInteger } from '../lib/cliArguments.ts'
import { processIo } from './io.ts'
import { runCli } from './program.ts'

// The tests' rehearsal of a crash: the real command line, killed as abruptly as `kill -9` right after its Nth
// confirmed batch. Everything after N is the owner tool's own command line, options included.
const command = new Command('tsx scripts/admin/crash-rehearsal.ts')
  .description("The owner tool's command line, killed like `kill -9` right after its Nth confirmed batch.")
  .argument('<batches>', 'how many confirmed batches to live through', positiveInteger)
  .argument('<command...>', "the owner tool's command and its options")
  .passThroughOptions()
  .allowUnknownOption()
  .parse()
const [batches, argv] = command.processedArgs as [number, string[]]
const io = {
  ...processIo(),
  afterBatch: (confirmed: number) => {
    if (confirmed === batches) process.kill(process.pid, 'SIGKILL')
  },
}
process.exitCode = await runCli(argv, io)
