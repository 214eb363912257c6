import { onlineManager, type QueryClient } from '@tanstack/react-query'

/**
 * When the network returns, TanStack Query folds its reconnect refetch into a read still in flight. A read sent
 * while offline and failing just after the network came back would then stay failed, showing old figures as if
 * refreshed; such a read is asked once more. Returns the unsubscribe.
 */
export function refetchReadsCaughtOffline(queryClient: QueryClient): () => void {
  return onlineManager.subscribe((online) => {
    if (!online) return
    for (const query of queryClient.getQueryCache().findAll({ type: 'active', fetchStatus: 'fetching' })) {
      query.promise?.catch(() => {
        if (query.isActive()) void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' })
      })
    }
  })
}
