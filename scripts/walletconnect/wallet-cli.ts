/**
 * `npm run wallet -- 'wc:…'`: the test wallet from the command line. It pairs with the portal that shows the URI
 * (copy it from the phone sheet's "Copy link"), approves the session for one of anvil's accounts and signs whatever
 * the portal asks, printing each step, until Ctrl-C.
 *
 * Started by the browser tests as a child process with an IPC channel, it takes commands from the test instead
 * (see `e2e/fixtures/walletConnect.ts`) and runs on the page's clock (`--clock`), since WalletConnect checks the
 * pairing's and the proposal's expiry against the wallet's own time.
 */
import { parseArgs } from 'node:util'
import { getAddress, type Hex, isAddress } from 'viem'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import { TestWallet, type WalletEvent } from './wallet.ts'

const USAGE = `Usage: npm run wallet -- [wc-uri] [options]

A WalletConnect wallet for the local demo: pairs with the portal from its wc: link, approves the session and signs
with one of anvil's accounts.

Options:
  --relay <url>       the WalletConnect relay (default: ws://127.0.0.1:8546, the one \`npm start\` runs)
  --rpc <url>         the chain's JSON-RPC endpoint (default: http://127.0.0.1:8545)
  --chain-id <id>     (default: 31337)
  --account <n|addr>  one of anvil's ten accounts, by number 0–9 or address (default: 1)
  --clock <epoch ms>  run the wallet's clock from this time (tests whose page clock is not the real one)
  --help              show this text`

/** Commands the browser tests send over IPC; each is answered with `{ id, result }` or `{ id, error }`. */
export type WalletCommand =
  | { command: 'pair'; uri: string }
  | { command: 'rejectNext'; method: string }
  | { command: 'holdRequests' }
  | { command: 'releaseRequests' }
  | { command: 'disconnectAll' }
  | { command: 'sessions' }
  | { command: 'setClock'; epochMs: number }
export type WalletMessage =
  | { type: 'ready'; address: string }
  | { type: 'event'; event: WalletEvent }
  | { type: 'reply'; id: number; result?: unknown; error?: string }

class UsageError extends Error {}

/** Makes `Date.now()` read `epochMs` now and run on at real speed from there. */
function setClock(epochMs: number): void {
  const realNow = setClock.realNow
  const offset = epochMs - realNow()
  Date.now = () => realNow() + offset
}
setClock.realNow = Date.now.bind(Date)

function accountIndex(value: string): number {
  if (/^\d$/.test(value)) return Number(value)
  const index = isAddress(value) ? (ANVIL_ACCOUNTS as readonly string[]).indexOf(getAddress(value)) : -1
  if (index < 0) throw new UsageError(`--account must be 0–9 or one of anvil's account addresses, got "${value}".`)
  return index
}

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      relay: { type: 'string', default: 'ws://127.0.0.1:8546' },
      rpc: { type: 'string', default: 'http://127.0.0.1:8545' },
      'chain-id': { type: 'string', default: '31337' },
      account: { type: 'string', default: '1' },
      clock: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  const [uri] = positionals
  if (uri !== undefined && !uri.startsWith('wc:')) throw new UsageError(`Expected a wc: URI, got "${uri}".`)
  const index = accountIndex(values.account)
  const privateKey: Hex | undefined = ANVIL_PRIVATE_KEYS[index]
  if (!privateKey) throw new UsageError(`No anvil account #${index}.`)
  const chainId = Number(values['chain-id'])
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new UsageError('--chain-id must be a positive integer.')
  const clock = values.clock === undefined ? undefined : Number(values.clock)
  if (clock !== undefined && !Number.isFinite(clock)) throw new UsageError('--clock must be epoch milliseconds.')
  return { uri, relay: values.relay, rpc: values.rpc, chainId, privateKey, clock, help: values.help }
}

function narrate(event: WalletEvent): string {
  switch (event.type) {
    case 'proposal':
      return 'Session proposal received; approving.'
    case 'approved':
      return `Session approved (topic ${event.topic.slice(0, 8)}…).`
    case 'request':
      return `Request ${event.method}…`
    case 'answered':
      return `Answered ${event.method}: ${typeof event.result === 'string' ? event.result : JSON.stringify(event.result)}`
    case 'rejected':
      return `Rejected ${event.method}.`
    case 'deleted':
      return 'Session ended.'
  }
}

async function serveIpc(wallet: TestWallet): Promise<void> {
  const send = (message: WalletMessage) => process.send?.(message)
  wallet.subscribe((event) => send({ type: 'event', event }))
  process.on('message', async (message: WalletCommand & { id: number }) => {
    const { id } = message
    try {
      let result: unknown = null
      switch (message.command) {
        case 'pair':
          await wallet.pair(message.uri)
          break
        case 'rejectNext':
          wallet.rejectNext(message.method)
          break
        case 'holdRequests':
          wallet.holdRequests()
          break
        case 'releaseRequests':
          await wallet.releaseRequests()
          break
        case 'disconnectAll':
          await wallet.disconnectAll()
          break
        case 'sessions':
          result = wallet.sessions()
          break
        case 'setClock':
          setClock(message.epochMs)
          break
      }
      send({ type: 'reply', id, result })
    } catch (error) {
      send({ type: 'reply', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  process.on('disconnect', () => void wallet.close().finally(() => process.exit(0)))
  send({ type: 'ready', address: wallet.account.address })
}

async function main(): Promise<void> {
  const parsed = options(process.argv.slice(2))
  if (parsed.help) {
    console.log(USAGE)
    return
  }
  if (parsed.clock !== undefined) setClock(parsed.clock)
  const wallet = await TestWallet.create({
    relayUrl: parsed.relay,
    rpcUrl: parsed.rpc,
    chainId: parsed.chainId,
    privateKey: parsed.privateKey,
  })
  if (process.send) {
    await serveIpc(wallet)
    return
  }
  console.log(`Test wallet for ${wallet.account.address} on chain ${parsed.chainId}, relay ${parsed.relay}.`)
  wallet.subscribe((event) => console.log(`• ${narrate(event)}`))
  if (parsed.uri) {
    await wallet.pair(parsed.uri)
    console.log('Paired; waiting for the portal. Ctrl-C stops the wallet.')
  } else {
    console.log('No wc: URI given: run again with the link the portal shows ("Copy link" in the connect sheet).')
    await wallet.close()
    return
  }
  process.on('SIGINT', () => void wallet.close().finally(() => process.exit(0)))
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error)
  process.exit(error instanceof UsageError ? 2 : 1)
})
