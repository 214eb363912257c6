import { mergeTests, type Page } from '@playwright/test'
import { accounts, test as base, expect, nai, percent } from './fixtures/index'
import { lockPanel, stat } from './fixtures/ui'
import { walletInfo } from './fixtures/wallet'
import { walletConnectTest } from './fixtures/walletConnect'

/**
 * The portal opened inside a wallet app's own browser on a phone, the first time: the wallet is injected and
 * announced (EIP-6963), but it has not authorised the site, so `eth_accounts` is empty until the page asks. Runs as an
 * iPhone and as an Android phone, against the build with a WalletConnect project id and the local relay.
 */
const test = mergeTests(base, walletConnectTest)

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Connect a Wallet' })
const connectButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })

test('the wallet whose browser this is comes first, by its announced name and icon, and one tap connects it without WalletConnect', async ({
  page,
  chain,
  wallet,
  relay,
}) => {
  await chain.addHolder({ account: accounts.alice, amount: nai('1234.5'), burnPercentage: percent(25) })
  wallet.setAccount(accounts.alice)
  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  await page.goto('/')
  // Not authorised yet: the page asked, heard no account, and waits for the holder.
  await expect(connectButton(page)).toBeVisible()
  expect(
    wallet
      .requests('eth_accounts')
      .every((request) => 'result' in request && Array.isArray(request.result) && request.result.length === 0),
  ).toBe(true)

  await connectButton(page).tap()
  const choices = sheet(page).getByRole('listitem')
  await expect(choices.first()).toHaveText(walletInfo.name)
  await expect(choices.first().locator('img')).toHaveAttribute('src', walletInfo.icon)
  // The wallet apps stay below, through WalletConnect, which waits until one of them is chosen.
  await expect(sheet(page).getByRole('button', { name: 'MetaMask' })).toBeVisible()
  await expect(choices).toHaveCount(1 + 10 + 1)

  await choices.first().getByRole('button', { name: walletInfo.name }).tap()
  await expect(sheet(page)).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  expect(
    wallet
      .requests()
      .filter((request) => ['eth_requestAccounts', 'wallet_requestPermissions'].includes(request.method)),
  ).toHaveLength(1)
  // No WalletConnect: no socket to the relay, nothing the relay ever heard.
  expect(sockets).toEqual([])
  expect(relay.requests()).toEqual([])
})

test('declining in the wallet leaves the sheet open and quiet, and the next tap connects', async ({
  page,
  chain,
  wallet,
}) => {
  await chain.addHolder({ account: accounts.alice, amount: nai('1234.5'), burnPercentage: percent(25) })
  wallet.setAccount(accounts.alice)
  wallet.rejectNext('eth_requestAccounts')
  await page.goto('/')
  await connectButton(page).tap()
  const choice = sheet(page).getByRole('button', { name: walletInfo.name })
  await choice.tap()
  await expect(choice).toBeEnabled()
  await expect(sheet(page).getByRole('alert')).toHaveCount(0)
  await choice.tap()
  await expect(sheet(page)).toBeHidden()
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
})

test.describe("in Coinbase Wallet's browser, whose announcement wagmi drops (RainbowKit's Coinbase connector claims its rdns)", () => {
  const coinbase = {
    name: 'Coinbase Wallet',
    icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#0052ff"/></svg>')}`,
    rdns: 'com.coinbase.wallet',
  }
  test.use({ walletIdentity: { info: coinbase, flags: { isCoinbaseWallet: true } } })

  test('the sheet shows it by its announced name and icon, and one tap connects it', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder({ account: accounts.alice, amount: nai('1234.5'), burnPercentage: percent(25) })
    wallet.setAccount(accounts.alice)
    await page.goto('/')
    await connectButton(page).tap()
    const first = sheet(page).getByRole('listitem').first()
    await expect(first).toHaveText('Coinbase Wallet')
    await expect(first.locator('img')).toHaveAttribute('src', coinbase.icon)
    await first.getByRole('button', { name: 'Coinbase Wallet' }).tap()
    await expect(sheet(page)).toBeHidden()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  })
})

test.describe('in a browser that only sets window.ethereum, flagged as MetaMask and as Trust Wallet', () => {
  test.use({ walletIdentity: { info: null, flags: { isMetaMask: true, isTrust: true } } })

  test("the sheet names it from its flags, MetaMask's last, with a plain wallet icon, never a blank", async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder({ account: accounts.alice, amount: nai('1234.5'), burnPercentage: percent(25) })
    wallet.setAccount(accounts.alice)
    await page.goto('/')
    await connectButton(page).tap()
    const first = sheet(page).getByRole('listitem').first()
    await expect(first).toHaveText('Trust Wallet')
    await expect(first.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    expect(await first.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await first.getByRole('button', { name: 'Trust Wallet' }).tap()
    await expect(sheet(page)).toBeHidden()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  })
})
