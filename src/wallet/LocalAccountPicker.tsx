import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import type { Address } from 'viem'
import { useAccount } from 'wagmi'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { shortenAddress } from '../domain/format'
import { localTestProvider } from './localTestWallet'

/** Lets the local test wallet act as any of anvil's unlocked accounts. */
export function LocalAccountPicker() {
  const id = useId()
  const { address } = useAccount()
  const provider = localTestProvider()
  if (!provider) return null
  return (
    <label className="account-picker" htmlFor={id}>
      <span>
        <Trans comment="Label of the local test wallet's account picker (demo chain only)">Test account</Trans>
      </span>
      <select id={id} value={address} onChange={(event) => provider.selectAccount(event.target.value as Address)}>
        {ANVIL_ACCOUNTS.map((account, index) => (
          <option key={account} value={account}>
            #{index} {shortenAddress(account)}
          </option>
        ))}
      </select>
    </label>
  )
}
