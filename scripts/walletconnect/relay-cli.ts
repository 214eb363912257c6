/**
 * `npm run relay`: the local WalletConnect relay on its own (`npm start` runs it as a child process). Prints one line
 * per request with `--verbose`; Ctrl-C stops it.
 */
import { parseArgs } from 'node:util'
import { LocalRelay } from './relay.ts'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    port: { type: 'string', default: '8546' },
    host: { type: 'string', default: '127.0.0.1' },
    verbose: { type: 'boolean', default: false },
  },
})
const port = Number(values.port)
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`--port must be a port number between 1 and 65535, got "${values.port}".`)
  process.exit(2)
}

const relay = await LocalRelay.start({
  port,
  host: values.host,
  ...(values.verbose ? { log: (line: string) => console.log(`relay ← ${line}`) } : {}),
})
console.log(`WalletConnect relay listening on ${relay.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void relay.stop().finally(() => process.exit(0)))
}
