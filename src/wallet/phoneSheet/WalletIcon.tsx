/** Each wallet app's icon, as RainbowKit draws it, loaded with the sheet. */
import type { Wallet } from '@rainbow-me/rainbowkit'
import {
  bitgetWallet,
  imTokenWallet,
  ledgerWallet,
  metaMaskWallet,
  okxWallet,
  rainbowWallet,
  safepalWallet,
  trustWallet,
  uniswapWallet,
  walletConnectWallet,
  zerionWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { useEffect, useState } from 'react'
import type { PhoneWalletId } from '../phoneWallets'

type WalletFactory = (options: { projectId: string; walletConnectParameters: object }) => Wallet

/** RainbowKit's wallet for each app: its icon, loaded with the sheet. */
const RAINBOWKIT_WALLETS: Record<PhoneWalletId | 'walletConnect', WalletFactory> = {
  metaMask: metaMaskWallet,
  trust: trustWallet,
  rainbow: rainbowWallet,
  okx: okxWallet,
  uniswap: uniswapWallet,
  zerion: zerionWallet,
  ledger: ledgerWallet,
  safepal: safepalWallet,
  bitget: bitgetWallet,
  imToken: imTokenWallet,
  walletConnect: walletConnectWallet,
}

function iconOf(id: string): Promise<string> {
  const factory = RAINBOWKIT_WALLETS[id as PhoneWalletId | 'walletConnect'] as WalletFactory | undefined
  if (!factory) return Promise.reject(new Error(`No icon for ${id}.`))
  // Only the icon is read: the connector these options would make is never created, but the factories refuse an
  // empty project id up front.
  const { iconUrl } = factory({ projectId: 'icon-only', walletConnectParameters: {} })
  return typeof iconUrl === 'string' ? Promise.resolve(iconUrl) : iconUrl()
}

export function WalletIcon({ id }: { id: string }) {
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    let live = true
    iconOf(id).then(
      (url) => live && setSrc(url),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [id])
  return src ? <img className="phone-wallet-icon" src={src} alt="" /> : <span className="phone-wallet-icon" />
}
