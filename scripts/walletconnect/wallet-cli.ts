/**
 * `npm run wallet -- 'wc:…'`: the test wallet from the command line. It pairs with the portal that shows the URI
 * (copy it from the phone sheet's "Copy link"), approves the session for one of anvil's accounts and signs whatever
 * the portal asks, printing each step, until Ctrl-C.
 *
 * Started by the browser tests as a child process with an IPC channel, it takes commands from the test instead
 * (see `e2e/fixtures/walletConnect.ts`) and runs on the page's clock (`--clock`), since WalletConnect checks the
 * pairing's and the proposal's expiry against the wallet's own time.
 */
import { Command, InvalidArgumentError, Option } from 'commander'
import { getAddress, type Hash, type Hex, isAddress } from 'viem'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../src/config/anvil.ts'
import { positiveInteger } from '../lib/cliArguments.ts'
import { TestWallet, type TestWalletOptions, WALLET_SDKS, type WalletEvent, type WalletSdk } from './wallet.ts'

/** Commands the browser tests send over IPC; each is answered with `{ id, result }` or `{ id, error }`. */
export type WalletCommand =
  | { command: 'pair'; uri: string }
  | { command: 'rejectNext'; method: string }
  | { command: 'holdRequests' }
  | { command: 'releaseRequests' }
  | { command: 'bringForward'; requestId?: number }
  | { command: 'disconnectAll' }
  | { command: 'sessions' }
  | { command: 'setClock'; epochMs: number }
  | { command: 'switchAccount'; index: number }
  | { command: 'switchChain'; chainId: number }
  | { command: 'safeConfirm'; safeTxHash: Hash; owner: number }
  | { command: 'safeExecute'; safeTxHash: Hash; owner: number }
  | { command: 'safePropose'; calls: { to: string; data?: string }[]; owner: number; nonce?: number }
export type WalletMessage =
  | { type: 'ready'; address: string }
  | { type: 'event'; event: WalletEvent }
  | { type: 'reply'; id: number; result?: unknown; error?: string }

/** Makes `Date.now()` read `epochMs` now and run on at real speed from there. */
function setClock(epochMs: number): void {
  const realNow = setClock.realNow
  const offset = epochMs - realNow()
  Date.now = () => realNow() + offset
}
setClock.realNow = Date.now.bind(Date)

/** One of anvil's ten accounts, by number 0–9 or address: its index. */
function accountIndex(value: string): number {
  if (/^\d$/.test(value)) return Number(value)
  const index = isAddress(value) ? (ANVIL_ACCOUNTS as readonly string[]).indexOf(getAddress(value)) : -1
  if (index < 0) throw new InvalidArgumentError("must be 0–9 or one of anvil's account addresses.")
  return index
}

function chainIds(value: string): number[] {
  return value.split(',').map((part) => positiveInteger(part.trim()))
}

function epochMs(value: string): number {
  const number = Number(value)
  if (!Number.isFinite(number)) throw new InvalidArgumentError('must be epoch milliseconds.')
  return number
}

function wcUri(value: string): string {
  if (!value.startsWith('wc:')) throw new InvalidArgumentError(`expected a wc: URI, got "${value}".`)
  return value
}

type CliOptions = {
  relay: string
  rpc: string
  chainId: number
  account: number
  sdk: WalletSdk
  approveChains?: number[]
  clock?: number
  name?: string
  universalLink?: string
  background?: boolean
  safe?: TestWalletOptions['safe']
}

function program(): Command {
  return new Command('npm run wallet --')
    .description(
      "A WalletConnect wallet for the local demo: pairs with the portal from its wc: link, approves the session and signs with one of anvil's accounts.",
    )
    .argument('[wc-uri]', 'the link the portal shows ("Copy link" in the connect sheet)', wcUri)
    .option('--relay <url>', 'the WalletConnect relay (the one `npm start` runs)', 'ws://127.0.0.1:8546')
    .option('--rpc <url>', "the chain's JSON-RPC endpoint", 'http://127.0.0.1:8545')
    .option('--chain-id <id>', 'the chain the wallet signs on', positiveInteger, 31337)
    .option('--account <n|address>', "one of anvil's ten accounts", accountIndex, 1)
    .addOption(
      new Option('--sdk <sdk>', "the wallet SDK: today's WalletKit, or the sign-client of the portal's version")
        .choices(WALLET_SDKS)
        .default('walletkit'),
    )
    .option(
      '--approve-chains <ids>',
      'the networks to approve sessions for, comma-separated (default: --chain-id)',
      chainIds,
    )
    .option('--name <name>', 'the name the wallet gives itself to the portal (default: NAI test wallet)')
    .option('--universal-link <url>', 'the https link the wallet gives in its metadata, as wallet apps give theirs')
    .option('--background', 'requests that need the holder wait until the page opens the wallet (tests only)')
    .option(
      '--safe <json>',
      'act as Safe{Wallet} for a Safe: {"address","singletons","ownerKeys","executeAtOnce"} (tests only)',
      (value: string) => JSON.parse(value) as TestWalletOptions['safe'],
    )
    .option(
      '--clock <epoch ms>',
      "run the wallet's clock from this time (tests whose page clock is not the real one)",
      epochMs,
    )
}

class UsageError extends Error {}

function narrate(event: WalletEvent): string {
  switch (event.type) {
    case 'proposal':
      return 'Session proposal received; approving.'
    case 'approved':
      return `Session approved (topic ${event.topic.slice(0, 8)}…).`
    case 'request':
      return `Request ${event.method}…`
    case 'opened':
      return `Opened by the page (${event.requests.length} waiting).`
    case 'answered':
      return `Answered ${event.method}: ${typeof event.result === 'string' ? event.result : JSON.stringify(event.result)}`
    case 'rejected':
      return `Rejected ${event.method}.`
    case 'deleted':
      return 'Session ended.'
    case 'switched':
      return `Switched to ${event.account} on chain ${event.chainId}.`
  }
}

/** The Safe{Wallet} side of a wallet started with `--safe`. */
function safeOf(wallet: TestWallet) {
  if (!wallet.safe) throw new Error('The test wallet acts for no Safe: start it with --safe.')
  return wallet.safe
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
        case 'bringForward':
          wallet.bringForward(message.requestId)
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
        case 'switchAccount':
          await wallet.switchAccount(message.index)
          break
        case 'safeConfirm':
          await safeOf(wallet).service.confirm(message.safeTxHash, message.owner)
          break
        case 'safeExecute':
          result = await safeOf(wallet).service.execute(message.safeTxHash, message.owner)
          break
        case 'safePropose':
          result = await safeOf(wallet).service.propose(message.calls, message.owner, {
            ...(message.nonce === undefined ? {} : { nonce: message.nonce }),
          })
          break
        case 'switchChain':
          await wallet.switchChain(message.chainId)
          break
      }
      send({ type: 'reply', id, result })
    } catch (error) {
      send({ type: 'reply', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  process.on('disconnect', () => void wallet.close().finally(() => process.exit(0)))
  send({ type: 'ready', address: wallet.safe?.address ?? wallet.account.address })
}

async function main(): Promise<void> {
  const command = program()
  command.parse()
  const [uri] = command.processedArgs as [string | undefined]
  const parsed = command.opts<CliOptions>()
  const privateKey: Hex | undefined = ANVIL_PRIVATE_KEYS[parsed.account]
  if (!privateKey) throw new UsageError(`No anvil account #${parsed.account}.`)
  // The holder can switch to the next of anvil's accounts.
  const otherKey = ANVIL_PRIVATE_KEYS[(parsed.account + 1) % ANVIL_PRIVATE_KEYS.length]
  if (parsed.clock !== undefined) setClock(parsed.clock)
  const wallet = await TestWallet.create({
    relayUrl: parsed.relay,
    rpcUrl: parsed.rpc,
    chainId: parsed.chainId,
    privateKey,
    sdk: parsed.sdk,
    ...(otherKey ? { otherKeys: [otherKey] } : {}),
    ...(parsed.approveChains ? { approvedChainIds: parsed.approveChains } : {}),
    ...(parsed.name ? { name: parsed.name } : {}),
    ...(parsed.universalLink ? { universalLink: parsed.universalLink } : {}),
    ...(parsed.background ? { background: true } : {}),
    ...(parsed.safe ? { safe: parsed.safe } : {}),
  })
  if (process.send) {
    await serveIpc(wallet)
    return
  }
  console.log(
    `Test wallet (${parsed.sdk}) for ${wallet.account.address} on chain ${parsed.chainId}, relay ${parsed.relay}.`,
  )
  wallet.subscribe((event) => console.log(`• ${narrate(event)}`))
  if (uri) {
    await wallet.pair(uri)
    console.log('Paired; waiting for the portal. Ctrl-C stops the wallet.')
  } else {
    console.log('No wc: URI given: run again with the link the portal shows ("Copy link" in the connect sheet).')
    await wallet.close()
    return
  }
  process.on('SIGINT', () => void wallet.close().finally(() => process.exit(0)))
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error)
  process.exit(error instanceof UsageError ? 2 : 1)
})
