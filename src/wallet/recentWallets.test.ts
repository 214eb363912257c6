// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { recentFirst, recentWallets, rememberWallet } from './recentWallets'

const WALLETS = ['metaMask', 'trust', 'rainbow', 'okx', 'zerion'].map((id) => ({ id }))

beforeEach(() => localStorage.clear())

describe('recently used wallets', () => {
  it('keeps the three used last, most recent first, each once, on the device', () => {
    for (const id of ['okx', 'trust', 'zerion', 'trust', 'rainbow']) rememberWallet(id)
    expect(recentWallets.get()).toEqual(['rainbow', 'trust', 'zerion'])
    expect(localStorage.getItem('nai.recentWallets')).toBe('["rainbow","trust","zerion"]')
  })

  it('lists them first, then the rest in their own order, ignoring ids it does not list', () => {
    expect(recentFirst(WALLETS, ['zerion', 'gone', 'trust']).map((wallet) => wallet.id)).toEqual([
      'zerion',
      'trust',
      'metaMask',
      'rainbow',
      'okx',
    ])
    expect(recentFirst(WALLETS, []).map((wallet) => wallet.id)).toEqual([
      'metaMask',
      'trust',
      'rainbow',
      'okx',
      'zerion',
    ])
  })

  it('drops a stored list that is not one', () => {
    localStorage.setItem('nai.recentWallets', '{"not":"a list"}')
    expect(recentWallets.get()).toEqual([])
    localStorage.setItem('nai.recentWallets', '["okx",7,"trust","zerion","rainbow"]')
    expect(recentWallets.get()).toEqual(['okx', 'trust', 'zerion'])
  })
})
