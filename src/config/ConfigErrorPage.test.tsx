// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WithI18n } from '../i18n/testing'
import { ConfigErrorPage } from './ConfigErrorPage'
import { type ConfigError, parseConfig } from './env'

const goodEnv = {
  VITE_CHAIN_ID: '31337',
  VITE_RPC_URLS: 'http://127.0.0.1:8545',
  VITE_VESTING_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  VITE_LEGACY_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
}

function errorsOf(env: Record<string, string | undefined>): ConfigError[] {
  const result = parseConfig(env)
  if (result.ok) throw new Error('Expected the environment to be rejected.')
  return result.errors
}

/** Each listed problem as "VARIABLE: message", and the variable names set in code. */
function listed() {
  const items = within(screen.getByRole('list')).getAllByRole('listitem')
  return {
    lines: items.map((item) => item.textContent),
    variables: items.map((item) => item.querySelector('code')?.textContent),
  }
}

afterEach(cleanup)

describe('ConfigErrorPage', () => {
  it('names a missing contract address and says what to set', () => {
    render(<ConfigErrorPage errors={errorsOf({ ...goodEnv, VITE_VESTING_ADDRESS: undefined })} />, {
      wrapper: WithI18n,
    })

    const page = screen.getByRole('alert')
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Configuration error')
    expect(listed()).toEqual({
      lines: ['VITE_VESTING_ADDRESS: VITE_VESTING_ADDRESS is not set. Set it to the address of the vesting contract.'],
      variables: ['VITE_VESTING_ADDRESS'],
    })
    expect(
      screen.getByText(
        'This build of the NAI Vesting & Claim Portal is not configured correctly, so it cannot show any data.',
      ),
    ).toBeTruthy()
    expect(screen.getByText('Set the variables above in the build environment and build again.')).toBeTruthy()
  })

  it('names an unknown chain and lists the supported ones', () => {
    render(<ConfigErrorPage errors={errorsOf({ ...goodEnv, VITE_CHAIN_ID: '5' })} />, { wrapper: WithI18n })

    expect(listed()).toEqual({
      lines: [
        'VITE_CHAIN_ID: VITE_CHAIN_ID "5" is not a supported chain. Use 1 (Ethereum), 43114 (Avalanche C-Chain) or ' +
          '31337 (local anvil).',
      ],
      variables: ['VITE_CHAIN_ID'],
    })
  })

  it('lists every problem of an environment at once, in the order of the variables', () => {
    render(
      <ConfigErrorPage
        errors={errorsOf({ VITE_CHAIN_ID: 'avalanche', VITE_VESTING_ADDRESS: '0x1234', VITE_LEGACY_ADDRESS: '' })}
      />,
      { wrapper: WithI18n },
    )

    expect(listed()).toEqual({
      lines: [
        'VITE_CHAIN_ID: VITE_CHAIN_ID "avalanche" is not a supported chain. Use 1 (Ethereum), 43114 (Avalanche ' +
          'C-Chain) or 31337 (local anvil).',
        'VITE_VESTING_ADDRESS: VITE_VESTING_ADDRESS "0x1234" is not an address (expected 0x followed by 40 ' +
          'hexadecimal digits).',
        'VITE_LEGACY_ADDRESS: VITE_LEGACY_ADDRESS is not set. Set it to the address of the legacy claim contract.',
      ],
      variables: ['VITE_CHAIN_ID', 'VITE_VESTING_ADDRESS', 'VITE_LEGACY_ADDRESS'],
    })
  })
})
