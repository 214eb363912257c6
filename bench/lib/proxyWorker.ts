/**
 * The launch bench's RPC proxy, run on a thread of its own: thousands of holders driven in the bench's main thread
 * keep its event loop busy, and a proxy sharing that loop would answer late because of the bench, not the crowd.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads'
import { type FaultOptions, startRpcProxy } from '../../testing/rpcProxy.ts'

type Start = { upstream: string; faults: FaultOptions }
/** What the proxy answered: every POST it saw and how many of them it refused with 429. */
export type ProxyCounts = { requests: number; refused429: number }
export type ProxyThread = { url: string; stop: () => Promise<ProxyCounts> }

/** Starts the proxy on its own thread; `stop` ends it and returns what it answered (the same, if called again). */
export async function startProxyThread(start: Start): Promise<ProxyThread> {
  // A thread does not inherit tsx's loader: it registers it, then loads this TypeScript file.
  const load = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}) })`
  const worker = new Worker(load, { eval: true, workerData: start })
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
  const { url } = await next<{ url: string }>()
  let stopped: Promise<ProxyCounts> | undefined
  const stop = async () => {
    const counts = next<ProxyCounts>()
    worker.postMessage('stop')
    const result = await counts
    await worker.terminate()
    return result
  }
  return { url, stop: () => (stopped ??= stop()) }
}

if (parentPort && workerData) {
  const port = parentPort
  const { upstream, faults } = workerData as Start
  const proxy = await startRpcProxy({ upstream, faults })
  port.on('message', async () => {
    const counts: ProxyCounts = {
      requests: proxy.requests.length,
      refused429: proxy.requests.filter((request) => request.status === 429).length,
    }
    await proxy.stop()
    port.postMessage(counts)
  })
  port.postMessage({ url: proxy.url })
}
