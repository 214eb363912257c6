import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { type ResolveName, resolveWatchTarget } from './target'

const VITALIK: Address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

/** A stand-in for the ENS lookup: knows one name, fails for "down.eth" as a dead network would. */
const stubResolver: ResolveName = async (name) => {
  if (name === 'down.eth') throw new TypeError('fetch failed')
  return name === 'vitalik.eth' ? VITALIK : null
}

const ethereum = { chainId: 1, chainName: 'Ethereum', resolveName: stubResolver }
const avalanche = { chainId: 43114, chainName: 'Avalanche', resolveName: stubResolver }

describe('resolveWatchTarget', () => {
  it('takes an address in any capitalisation and returns it checksummed', async () => {
    expect(await resolveWatchTarget(` ${VITALIK.toLowerCase()} `, avalanche)).toEqual({ ok: true, address: VITALIK })
  })

  it('looks an ENS name up on Ethereum', async () => {
    expect(await resolveWatchTarget('vitalik.eth', ethereum)).toEqual({
      ok: true,
      address: VITALIK,
      name: 'vitalik.eth',
    })
  })

  it.each<[string, string, typeof ethereum]>([
    ['', 'Enter an address (0x…) or an ENS name.', ethereum],
    ['0x1234', '"0x1234" is not an address: an address is 0x followed by 40 hexadecimal digits.', ethereum],
    [`${VITALIK}0`, `"${VITALIK}0" is not an address: an address is 0x followed by 40 hexadecimal digits.`, ethereum],
    [
      'hello',
      '"hello" is neither an address (an address is 0x followed by 40 hexadecimal digits) nor an ENS name.',
      ethereum,
    ],
    ['nobody.eth', 'No address is registered for the ENS name "nobody.eth".', ethereum],
    ['down.eth', '"down.eth" could not be looked up: the network may be unreachable. Try again.', ethereum],
    [
      'vitalik.eth',
      'ENS names are looked up on Ethereum only, and this portal serves Avalanche. Enter the 0x address instead.',
      avalanche,
    ],
  ])('"%s" gets a clear message', async (input, message, chain) => {
    expect(await resolveWatchTarget(input, chain)).toEqual({ ok: false, message })
  })

  it('asks the resolver only for a name on Ethereum', async () => {
    const asked: string[] = []
    const recording: ResolveName = async (name) => {
      asked.push(name)
      return null
    }
    await resolveWatchTarget('vitalik.eth', { ...avalanche, resolveName: recording })
    await resolveWatchTarget(VITALIK, { ...ethereum, resolveName: recording })
    expect(asked).toEqual([])
  })
})
