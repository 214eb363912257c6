// @vitest-environment jsdom
import { getAddress } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { accounts } from '../../../testing/accounts'
import { forgetAddress, MAX_SAVED_ADDRESSES, saveAddress, stopWatching, watchAddress } from './watched'

const KEY = 'nai.watchedAddresses'
const stored = () => localStorage.getItem(KEY)

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('saved addresses', () => {
  it('keeps up to five, newest first, then asks to forget one; saving one twice keeps one', () => {
    const { alice: first, bob: second, carol: third, dave: fourth, erin: fifth, frank: sixth } = accounts
    expect(MAX_SAVED_ADDRESSES).toBe(5)
    for (const address of [first, second, first, third, fourth, fifth]) expect(saveAddress(address)).toBeNull()
    expect(JSON.parse(stored() ?? '[]')).toEqual([fifth, fourth, third, second, first])
    expect(saveAddress(sixth)).toBe('This device keeps up to 5 addresses. Forget one before saving another.')
    expect(JSON.parse(stored() ?? '[]')).toEqual([fifth, fourth, third, second, first])

    forgetAddress(third)
    expect(saveAddress(sixth)).toBeNull()
    expect(JSON.parse(stored() ?? '[]')).toEqual([sixth, fifth, fourth, second, first])
    for (const address of [sixth, fifth, fourth, second, first]) forgetAddress(address)
    expect(stored()).toBeNull()
  })

  it('drops what is not an address from a tampered list, and a list that is not JSON', () => {
    const { alice: first, bob: second } = accounts
    localStorage.setItem(KEY, JSON.stringify([first.toLowerCase(), 'hello', 42]))
    expect(saveAddress(second)).toBeNull()
    expect(JSON.parse(stored() ?? '[]')).toEqual([second, getAddress(first)])
    localStorage.setItem(KEY, '{not json')
    expect(saveAddress(first)).toBeNull()
    expect(JSON.parse(stored() ?? '[]')).toEqual([first])
  })
})

describe('the link', () => {
  it('watching puts the checksummed address in the URL, and stopping takes it out, each a history entry', () => {
    const first = accounts.alice
    const length = window.history.length
    watchAddress(first)
    expect(window.location.search).toBe(`?address=${first}`)
    stopWatching()
    expect(window.location.search).toBe('')
    expect(window.history.length).toBe(length + 2)
  })
})
