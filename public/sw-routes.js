// Imported by the service worker. Requests the worker has no use for (any other origin, such as the RPC endpoints
// and the wallets' relays, and every non-GET request) go straight to the network without waking it. A worker woken
// by each RPC call of an open page never goes idle: an update waiting for it to finish would wait for minutes.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return
  event
    .addRoutes([
      { condition: { not: { urlPattern: `${self.location.origin}/*` } }, source: 'network' },
      { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
    ])
    .catch(() => undefined)
})
