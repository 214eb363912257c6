/**
 * `npm run relay`: the local WalletConnect relay on its own (`npm start` runs it as a child process). Prints one line
 * per request with `--verbose`, and always a line for a request it refuses; Ctrl-C stops it.
 */
import { Command } from 'commander'
import { port } from '../lib/cliArguments.ts'
import { LocalRelay } from './relay.ts'

const command = new Command('npm run relay --')
  .description('A local WalletConnect relay for the demo and the tests.')
  .option('--port <port>', 'the port to listen on', port, 8546)
  .option('--host <host>', 'the address to listen on', '127.0.0.1')
  .option('--verbose', 'print one line per request', false)
  .parse()
const options = command.opts<{ port: number; host: string; verbose: boolean }>()

const relay = await LocalRelay.start({
  port: options.port,
  host: options.host,
  log: (line: string) => {
    if (options.verbose) console.log(`relay ← ${line}`)
    else if (line.includes(' refused: ')) console.error(`relay ← ${line}`)
  },
})
console.log(`WalletConnect relay listening on ${relay.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void relay.stop().finally(() => process.exit(0)))
}
