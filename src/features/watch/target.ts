import { t } from '@lingui/core/macro'
import { type Address, getAddress, isAddress } from 'viem'

/** What the holder typed in "Watch an address", resolved to an address or a sentence saying why not. */
export type WatchTarget = { ok: true; address: Address; name?: string } | { ok: false; message: string }

/** Looks an ENS name up; `null` when no address is registered for it. */
export type ResolveName = (name: string) => Promise<Address | null>

/**
 * An address (any capitalisation, returned checksummed) or, on Ethereum, an ENS name looked up with `resolveName`.
 * Never throws: a malformed address, an unknown name or a failed lookup come back as a message for the holder, in the
 * page's language.
 */
export async function resolveWatchTarget(
  input: string,
  { chainId, chainName, resolveName }: { chainId: number; chainName: string; resolveName: ResolveName },
): Promise<WatchTarget> {
  const text = input.trim()
  if (text === '') return { ok: false, message: t`Enter an address (0x…) or an ENS name.` }
  if (/^0x/i.test(text)) {
    if (isAddress(text, { strict: false })) return { ok: true, address: getAddress(text) }
    return { ok: false, message: t`"${text}" is not an address: an address is 0x followed by 40 hexadecimal digits.` }
  }
  if (!/^[^\s.]+(\.[^\s.]+)+$/.test(text)) {
    return {
      ok: false,
      message: t`"${text}" is neither an address (an address is 0x followed by 40 hexadecimal digits) nor an ENS name.`,
    }
  }
  if (chainId !== 1) {
    return {
      ok: false,
      message: t`ENS names are looked up on Ethereum only, and this portal serves ${chainName}. Enter the 0x address instead.`,
    }
  }
  let address: Address | null
  try {
    address = await resolveName(text)
  } catch {
    return { ok: false, message: t`"${text}" could not be looked up: the network may be unreachable. Try again.` }
  }
  if (!address) return { ok: false, message: t`No address is registered for the ENS name "${text}".` }
  return { ok: true, address, name: text }
}
