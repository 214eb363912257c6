/**
 * `tsx testing/serve.ts <build dir> <port>`: serves a build on 127.0.0.1 the way a static host does, its `_headers`
 * applied (see `appServer.ts`). The browser tests' web servers; Ctrl-C (or the test runner) stops it.
 */
import { Command } from 'commander'
import { port } from '../scripts/lib/cliArguments.ts'
import { AppServer } from './appServer.ts'

const command = new Command('tsx testing/serve.ts')
  .description("Serves a production build on 127.0.0.1 as a static host does, with the build's _headers applied.")
  .argument('<build dir>', 'the build to serve (e.g. dist-e2e)')
  .argument('<port>', 'the port to listen on', port)
  .parse()
const [dir, listenPort] = command.processedArgs as [string, number]

const server = await AppServer.start(dir, listenPort)
console.log(`Serving ${dir} on ${server.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.stop().finally(() => process.exit(0)))
}
