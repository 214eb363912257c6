/** A group of items sent in one transaction, with the gas it was estimated to use. */
export type Batch<T> = { items: T[]; gas: bigint }

export type BatchLimits = {
  /** Stay at or under this much gas per transaction (a share of the block gas limit). */
  targetGas: bigint
  /** Never put more than this many items in one transaction. */
  maxItems: number
}

/** Estimates the gas of sending exactly these items in one transaction. */
export type GasEstimator<T> = (items: T[]) => Promise<bigint>

/**
 * Splits `items`, in order, into batches that each stay under `targetGas`. Two probes (one item, then up to 32)
 * fit gas ≈ base + perItem × n to choose a first size; every batch is then estimated as it will be sent and
 * shrunk until it fits, so the plan rests on real estimates, not on the model.
 */
export async function planBatches<T>(items: T[], estimate: GasEstimator<T>, limits: BatchLimits): Promise<Batch<T>[]> {
  if (items.length === 0) return []
  let size = Math.max(1, Math.min(limits.maxItems, items.length))
  if (items.length > 1 && size > 1) {
    const probe = Math.min(size, 32)
    const one = await estimate(items.slice(0, 1))
    const many = await estimate(items.slice(0, probe))
    const perItem = (many - one) / BigInt(probe - 1)
    const base = one - perItem
    if (perItem > 0n && limits.targetGas > base) {
      size = Math.max(1, Math.min(size, Number((limits.targetGas - base) / perItem)))
    } else if (limits.targetGas <= base) size = 1
  }

  const batches: Batch<T>[] = []
  let start = 0
  while (start < items.length) {
    let count = Math.min(size, items.length - start)
    for (;;) {
      const slice = items.slice(start, start + count)
      const gas = await estimate(slice)
      if (gas <= limits.targetGas) {
        batches.push({ items: slice, gas })
        break
      }
      if (count === 1) {
        throw new Error(`One item alone needs ${gas} gas, above the target of ${limits.targetGas} per transaction.`)
      }
      const scaled = Math.floor((count * Number(limits.targetGas)) / Number(gas))
      count = Math.max(1, Math.min(count - 1, scaled))
    }
    size = count
    start += count
  }
  return batches
}
