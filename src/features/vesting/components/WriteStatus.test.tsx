// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../../config/anvil'
import { WithI18n } from '../../../i18n/testing'
import { transactionLink } from '../../../lib/explorer'
import { WriteStatus, type WriteStatusActions } from './WriteStatus'

const HASH = `0x${'ab'.repeat(32)}` as const

function actions(overrides: Partial<WriteStatusActions>) {
  const calls: string[] = []
  const value: WriteStatusActions = {
    waitingFor: null,
    watchingInBackground: false,
    report: null,
    stopWaiting: () => calls.push('stopWaiting'),
    clearReport: () => calls.push('clearReport'),
    pending: null,
    ...overrides,
  }
  return { value, calls }
}

afterEach(cleanup)

describe('WriteStatus', () => {
  it('offers "Stop waiting" for the write in flight', () => {
    const { value, calls } = actions({
      waitingFor: {
        hash: HASH,
        action: 'unlock',
        description: 'Claim 250 NAI',
        account: ANVIL_ACCOUNTS[1],
        chainId: 1,
      },
    })
    render(<WriteStatus actions={value} />, { wrapper: WithI18n })
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting for your transaction to be confirmed: Claim 250 NAI.Stop waiting',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Stop waiting' }))
    expect(calls).toEqual(['stopWaiting'])
  })

  it('says the wallet has not answered yet, for a write asked before a reload', () => {
    const { value } = actions({
      waitingFor: {
        hash: HASH,
        action: 'unlock',
        description: 'Claim 250 NAI',
        account: ANVIL_ACCOUNTS[1],
        chainId: 1,
        requested: { fromBlock: 12, nonce: 3, logs: { address: ANVIL_ACCOUNTS[2], topics: [HASH] } },
      },
    })
    render(<WriteStatus actions={value} />, { wrapper: WithI18n })
    expect(screen.getByRole('status').textContent).toBe('Waiting for your wallet to answer: Claim 250 NAI.Stop waiting')
  })

  it('offers "Open {wallet}" while a phone\'s wallet app must answer: a plain link, to a new tab for a universal link', () => {
    const requested = { fromBlock: 12, nonce: 3, logs: { address: ANVIL_ACCOUNTS[2], topics: [HASH] } }
    const asked = {
      hash: HASH,
      action: 'unlock',
      description: 'Claim 250 NAI',
      account: ANVIL_ACCOUNTS[1],
      chainId: 1,
      requested,
    }
    const metaMask = { name: 'MetaMask', href: 'https://metamask.app.link/wc?requestId=7&sessionTopic=ab' }
    render(<WriteStatus actions={actions({ waitingFor: asked }).value} walletToOpen={metaMask} />, {
      wrapper: WithI18n,
    })
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting for your wallet to answer: Claim 250 NAI.Open MetaMaskStop waiting',
    )
    const link = screen.getByRole('link', { name: 'Open MetaMask' })
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([metaMask.href, '_blank'])
    cleanup()

    // Still being asked, with no record yet (a batch of calls): the same link.
    const scheme = { name: 'OKX Wallet', href: 'okex://main/wc?requestId=7&sessionTopic=ab' }
    render(<WriteStatus actions={actions({ pending: 'claimAll' }).value} walletToOpen={scheme} />, {
      wrapper: WithI18n,
    })
    expect(screen.getByRole('status').textContent).toBe('Waiting for your wallet to answer.Open OKX Wallet')
    expect(screen.getByRole('link', { name: 'Open OKX Wallet' }).getAttribute('target')).toBeNull()
    cleanup()

    // Once the wallet has answered (a sent transaction is waited for), or after WalletConnect gave up: no link.
    const { requested: _, ...sent } = asked
    render(<WriteStatus actions={actions({ waitingFor: sent }).value} walletToOpen={metaMask} />, { wrapper: WithI18n })
    expect(screen.queryByRole('link', { name: 'Open MetaMask' })).toBeNull()
    cleanup()
    const expired = { ...asked, requested: { ...requested, unanswered: true } }
    render(<WriteStatus actions={actions({ waitingFor: expired }).value} walletToOpen={metaMask} />, {
      wrapper: WithI18n,
    })
    expect(screen.queryByRole('link', { name: 'Open MetaMask' })).toBeNull()
  })

  it('says the wallet did not answer in time once WalletConnect stopped waiting, and that it is still looked for', () => {
    const { value } = actions({
      waitingFor: {
        hash: HASH,
        action: 'unlock',
        description: 'Claim 250 NAI',
        account: ANVIL_ACCOUNTS[1],
        chainId: 1,
        requested: { fromBlock: 12, nonce: 3, logs: { address: ANVIL_ACCOUNTS[2], topics: [HASH] }, unanswered: true },
      },
    })
    render(<WriteStatus actions={value} />, { wrapper: WithI18n })
    expect(screen.getByRole('status').textContent).toBe(
      'Your wallet did not answer in time. If you approved it there, it shows here once it is confirmed: Claim 250 NAI.Stop waiting',
    )
  })

  it('says what may be going on while a Safe has not answered: the owners may have added it to their batch', () => {
    const { value } = actions({
      waitingFor: {
        hash: HASH,
        action: 'unlock',
        description: 'Claim 250 NAI',
        account: ANVIL_ACCOUNTS[1],
        chainId: 1,
        requested: { fromBlock: 12, nonce: 1, logs: { address: ANVIL_ACCOUNTS[2], topics: [HASH] }, safe: true },
      },
    })
    render(<WriteStatus actions={value} />, { wrapper: WithI18n })
    expect(screen.getByRole('status').textContent).toBe(
      "Waiting for the Safe's answer: Claim 250 NAI. Added to the Safe's batch? It shows here once the batch is executed.Stop waiting",
    )
  })

  it("follows a Safe transaction: its owners' signatures, then its execution", () => {
    const proposed = {
      hash: HASH,
      action: 'unlock',
      description: 'Claim 250 NAI',
      account: ANVIL_ACCOUNTS[1],
      chainId: 1,
    }
    const lines = [
      [{}, "Waiting for the Safe's owners. Claim 250 NAI.Stop waiting"],
      [
        { confirmations: 1, threshold: 2 },
        "Waiting for the Safe's owners — 1 of 2 signatures. Claim 250 NAI.Stop waiting",
      ],
      [
        { confirmations: 2, threshold: 2 },
        "Signed by the Safe's owners — 2 of 2 signatures. Waiting for an owner to execute it in Safe{Wallet}. Claim 250 NAI.Stop waiting",
      ],
      [{ confirmations: 2, threshold: 2, txHash: HASH }, 'Executing… Claim 250 NAI.Stop waiting'],
      [
        { confirmations: 0, threshold: 2 },
        "Proposed to the Safe's owners — 0 of 2 signatures. Waiting for them to sign it in Safe{Wallet}. Claim 250 NAI.Stop waiting",
      ],
      [{ confirmations: 1, threshold: 1 }, 'Executing… Claim 250 NAI.Stop waiting'],
      [
        { confirmations: 1, threshold: 2, missing: true },
        'Safe{Wallet} no longer lists this transaction. If the owners execute it, it shows here. Claim 250 NAI.Stop waiting',
      ],
    ] as const
    for (const [safe, text] of lines) {
      render(<WriteStatus actions={actions({ waitingFor: { ...proposed, safe } }).value} />, { wrapper: WithI18n })
      expect(screen.getByRole('status').textContent).toBe(text)
      cleanup()
    }
  })

  it('says a dismissed write is still watched', () => {
    render(<WriteStatus actions={actions({ watchingInBackground: true }).value} />, { wrapper: WithI18n })
    expect(screen.getByRole('status').textContent).toBe(
      'You stopped waiting for a transaction. It is still watched, and you will be told here if it lands.',
    )
  })

  it("links a settled write to the chain's explorer, in a new tab", () => {
    const { value, calls } = actions({
      report: { message: 'Your transaction was confirmed.', tone: 'success', explorer: transactionLink(mainnet, HASH) },
    })
    render(<WriteStatus actions={value} />, { wrapper: WithI18n })
    const link = screen.getByRole('link', { name: 'View on Etherscan' })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('status').textContent).toBe('Your transaction was confirmed. View on EtherscanDismiss')
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(calls).toEqual(['clearReport'])
  })

  it('shows a failure as an alert, with its link when it was mined', () => {
    render(
      <WriteStatus
        actions={
          actions({
            report: {
              message: 'The transaction was reverted on chain. Nothing was changed.',
              tone: 'failure',
              explorer: { name: 'SnowTrace', url: `https://snowtrace.io/tx/${HASH}` },
            },
          }).value
        }
      />,
      { wrapper: WithI18n },
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'The transaction was reverted on chain. Nothing was changed. View on SnowTraceDismiss',
    )
  })
})
