/**
 * `tsx e2e/pwa/serve.ts <build dir> <port>`: serves a build on 127.0.0.1 the way a static host does, its `_headers`
 * applied (see `server.ts`). The browser tests' web servers; Ctrl-C (or the test runner) stops it.
 */
import { AppServer } from './appServer.ts'

const [dir, port] = process.argv.slice(2)
if (!dir || !port || !/^\d+$/.test(port)) {
  console.error('Usage: tsx e2e/pwa/serve.ts <build dir> <port>')
  process.exit(2)
}
const server = await AppServer.start(dir, Number(port))
console.log(`Serving ${dir} on ${server.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.stop().finally(() => process.exit(0)))
}
