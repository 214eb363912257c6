import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { refetchReadsCaughtOffline } from './queryReconnect'

/** A read whose answers the test hands out one by one, as the RPC would, counting the times it was asked. */
function controlledRead() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = []
  const queryFn = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }))
  return { queryFn, pending, asked: () => pending.length }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a read caught by the network coming back', () => {
  let queryClient: QueryClient
  let stop: () => void = () => {}

  beforeEach(() => {
    // As the app's client: the first try runs even offline, and a failed read is not retried by the query.
    queryClient = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst', retry: false } } })
    queryClient.mount()
    onlineManager.setOnline(false)
  })

  afterEach(() => {
    stop()
    stop = () => {}
    queryClient.unmount()
    queryClient.clear()
    onlineManager.setOnline(true)
  })

  /** An observed read holding yesterday's figures, whose refresh was sent while offline and has not failed yet. */
  async function readInFlightWhileOffline() {
    const read = controlledRead()
    queryClient.setQueryData(['holdings'], 'yesterday')
    const observer = new QueryObserver(queryClient, { queryKey: ['holdings'], queryFn: read.queryFn })
    const results: string[] = []
    const unsubscribe = observer.subscribe((result) => results.push(`${result.status}:${result.data}`))
    await settle()
    expect(read.asked()).toBe(1)
    return { read, observer, unsubscribe }
  }

  it('is asked once more when the try sent offline fails after the network returned', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    const { read, observer, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(2)
    read.pending[1]?.resolve('today')
    await settle()
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'today' })
    unsubscribe()
  })

  it('stays failed without it: the reconnect refetch was folded into the failing read', async () => {
    const { read, observer, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(1)
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', data: 'yesterday' })
    unsubscribe()
  })

  it('is not asked again when the try in flight succeeds', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    const { read, observer, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    read.pending[0]?.resolve('today')
    await settle()
    expect(read.asked()).toBe(1)
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'today' })
    unsubscribe()
  })

  it('is not asked again once nobody shows it', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    const { read, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    unsubscribe()
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(1)
  })

  it('a read failing while the network stays up is not asked again', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    onlineManager.setOnline(true)
    const { read, unsubscribe } = await readInFlightWhileOffline()
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(1)
    unsubscribe()
  })
})
