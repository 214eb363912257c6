import { type Locator, mergeTests, type Page } from '@playwright/test'
import type { Address } from 'viem'
import { SESSION_SETUP_TAGS } from '../scripts/walletconnect/relay'
import { APPROVAL_METHODS } from '../scripts/walletconnect/testWalletIdentity'
import { PHONE_WALLET_APPS, storeLink } from '../src/wallet/phoneWallets'
import { baseURL } from '../testing/env'
import { USER_AGENTS } from '../testing/userAgents'
import {
  accounts,
  test as base,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  schedule,
} from './fixtures/index'
import { card, claimPanel, lockPanel, openConfirmation, openTools, stat, unlockPanel } from './fixtures/ui'
import { type DeepLink, deepLinks, type WalletConnectWallet, walletConnectTest } from './fixtures/walletConnect'

/**
 * Phones connecting a wallet app through WalletConnect: the app's own sheet, the real WalletConnect SDK in the page,
 * the local relay, and the test wallet on the real wallet SDK signing with anvil's keys. Runs as an iPhone and as an
 * Android phone, against the build with a project id and the local relay.
 */
const test = mergeTests(base, walletConnectTest)

const alice = {
  account: accounts.alice,
  amount: nai('1234.5'),
  burnPercentage: percent(25),
  legacy: nai('321.456789'),
  balance: nai(10),
} as const satisfies Holder

/** A journey only Android has (the iPhone project leaves it out, see playwright.config.ts). */
const ANDROID_ONLY = '@android-only'

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Connect a Wallet' })
const UNREACHABLE = 'Could not reach the WalletConnect relay. Check your internet connection and try again.'
const connectButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })

/** The wallet links the page opened, and the `wc:` URI the last one carries. */
async function lastLink(page: Page): Promise<{ link: DeepLink; uri: string }> {
  const links = await deepLinks(page)
  const link = links.at(-1)
  if (!link) throw new Error('The page opened no wallet link.')
  return { link, uri: uriIn(link.href) }
}

/** The pairing URI inside a wallet link: its `uri` parameter, or the link itself for the bare `wc:` one. */
function uriIn(href: string): string {
  if (href.startsWith('wc:')) return href
  const query = href.startsWith('intent:') ? (href.split('#')[0] ?? '').split('?')[1] : new URL(href).search
  const uri = new URLSearchParams(query).get('uri')
  if (!uri) throw new Error(`No uri parameter in ${href}`)
  return uri
}

/** A valid pairing URI: topic, version 2, the relay protocol and a 32-byte symmetric key. */
const PAIRING_URI = /^wc:[0-9a-f]{64}@2\?(?=.*relay-protocol=irn)(?=.*symKey=[0-9a-f]{64})/

/**
 * Milliseconds from the next tap to the moment `text` appears on the page, both read in the page. Call before the tap.
 */
async function watchAnswer(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const recorder = window as Window & { __answeredAt?: number; __lastTap?: number }
    recorder.__answeredAt = undefined
    const observer = new MutationObserver(() => {
      if (recorder.__answeredAt === undefined && document.body.textContent?.includes(wanted)) {
        recorder.__answeredAt = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  }, text)
  return async () => {
    await expect(page.getByText(text).first()).toBeVisible()
    return page.evaluate(() => {
      const recorder = window as Window & { __answeredAt?: number; __lastTap?: number }
      return (recorder.__answeredAt ?? Number.NaN) - (recorder.__lastTap ?? Number.NaN)
    })
  }
}

/** Opens the portal, connects through the sheet with MetaMask and the test wallet, and waits for the position. */
async function connect(page: Page, wallet: WalletConnectWallet): Promise<void> {
  await page.goto('/')
  await connectButton(page).tap()
  const metaMask = sheet(page).getByRole('link', { name: 'MetaMask' })
  await metaMask.tap()
  const { uri } = await lastLink(page)
  await wallet.pair(uri)
  await expect(sheet(page)).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
}

/** The wallet app WalletConnect's SDK opens by itself for each request, as the page stored it for the SDK. */
const deepLinkChoice = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('WALLETCONNECT_DEEPLINK_CHOICE') ?? 'null'))

/** The notice while the page waits for the wallet app's answer. */
const waitingForWallet = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Waiting for your wallet to answer' }).first()

/**
 * The holder taps "Open {name}" on the page's notice once the wallet app has a request waiting in the background: the
 * app comes forward with it. Returns the link the page opened, as recorded inside the tap.
 */
async function openWallet(
  page: Page,
  wallet: WalletConnectWallet,
  { where = waitingForWallet(page), name = 'NAI test wallet' }: { where?: Locator; name?: string } = {},
): Promise<DeepLink> {
  const waiting = () =>
    wallet.events('request').filter((request) => APPROVAL_METHODS.includes(request.method)).length -
    wallet.events('opened').flatMap((opened) => opened.requests).length
  await expect.poll(waiting).toBe(1)
  const before = (await deepLinks(page)).length
  await where.getByRole('link', { name: `Open ${name}` }).tap()
  await expect.poll(async () => (await deepLinks(page)).length).toBe(before + 1)
  await expect.poll(waiting).toBe(0)
  const link = (await deepLinks(page)).at(-1)
  if (!link) throw new Error('The page opened no wallet link.')
  return link
}

/**
 * Connects alice, confirms a claim & burn of her whole position, opens the wallet app from the page and waits until
 * the wallet has the request, which it holds (the holder is still in the wallet app). Returns alice's figures from
 * before.
 */
async function claimWithTheWalletHolding(page: Page, chain: LocalChain, wallet: WalletConnectWallet) {
  await connect(page, wallet)
  const before = await snapshot(chain, accounts.alice)
  await wallet.holdRequests()
  await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
  await openWallet(page, wallet)
  return before
}

async function snapshot(chain: LocalChain, account: Address) {
  return {
    balance: await chain.balanceOf(account),
    dead: await chain.deadBalance(),
    totalBurned: await chain.totalBurned(),
    position: (await chain.position(account)).amount,
  }
}

test.describe('connecting', () => {
  test('with 1.5 s of relay latency the pairing is ready in the sheet, and a tap opens MetaMask at once with it', async ({
    page,
    chain,
    relay,
    walletConnect,
  }, testInfo) => {
    await chain.addHolder(alice)
    relay.latencyMs = 1_500
    const sockets: string[] = []
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).origin))
    const hosts = new Set<string>()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.hostname)
    })
    await page.goto('/')
    const answered = await watchAnswer(page, 'Connecting…')
    await connectButton(page).tap()
    expect(await answered()).toBeLessThan(300)
    await expect(sheet(page).getByText('Return to this app after approving in your wallet.')).toBeVisible()

    const metaMask = sheet(page).getByRole('link', { name: 'MetaMask' })
    await expect(metaMask).toBeVisible({ timeout: 20_000 })
    expect(await deepLinks(page)).toEqual([])
    await metaMask.tap()
    const { link, uri } = await lastLink(page)
    const tapToLink = link.at - (link.tapAt ?? Number.NaN)
    expect(tapToLink).toBeLessThan(200)
    expect(link.userActivation).toBe(true)
    expect(uri).toMatch(PAIRING_URI)
    if (testInfo.project.name.includes('-iphone-')) {
      expect(link.href).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`)
    } else {
      expect(link.href).toMatch(/^intent:\/\/wc\?uri=[^#]+#Intent;scheme=metamask;package=io\.metamask;/)
    }
    await expect(sheet(page).getByText('Approve the connection in MetaMask.')).toBeVisible()
    await expect(sheet(page).getByRole('link', { name: 'Open MetaMask again' })).toHaveAttribute('href', link.href)

    // The wallet pairs from the link's URI and approves; the portal shows the account and the position.
    relay.latencyMs = 0
    await walletConnect.pair(uri)
    await expect.poll(() => walletConnect.events('approved').length).toBe(1)
    const [approved] = walletConnect.events('approved')
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    const approvalToPosition = Date.now() - (approved?.receivedAt ?? Number.NaN)
    await expect(sheet(page)).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    // MetaMask went through WalletConnect: the one socket is to the relay, none to MetaMask's SDK servers.
    expect([...new Set(sockets)]).toEqual([new URL(relay.url).origin])
    // Nothing left this machine: no Verify, telemetry or wallet-list calls that would wait on an unreachable server.
    expect([...hosts]).toEqual(['127.0.0.1'])
    testInfo.annotations.push(
      { type: 'tap to deep link', description: `${tapToLink.toFixed(1)} ms` },
      { type: 'wallet approval to position shown', description: `${approvalToPosition} ms` },
    )
    console.log(
      `[${testInfo.project.name}] tap → deep link ${tapToLink.toFixed(1)} ms; approval → position ${approvalToPosition} ms`,
    )
  })

  test('a tap before the pairing is ready says "Preparing…", then "Open Rainbow" opens it on its own tap', async ({
    page,
    relay,
    walletConnect,
  }, testInfo) => {
    relay.latencyMs = 1_500
    await page.goto('/')
    await connectButton(page).tap()
    const answered = await watchAnswer(page, 'Preparing…')
    await sheet(page).getByRole('button', { name: 'Rainbow' }).tap()
    expect(await answered()).toBeLessThan(300)
    const open = sheet(page).getByRole('link', { name: 'Open Rainbow' })
    await expect(open).toBeVisible({ timeout: 20_000 })
    expect(await deepLinks(page)).toEqual([])
    await open.tap()
    const { link, uri } = await lastLink(page)
    expect(link.userActivation).toBe(true)
    expect(link.at - (link.tapAt ?? Number.NaN)).toBeLessThan(200)
    expect(uri).toMatch(PAIRING_URI)
    if (testInfo.project.name.includes('-iphone-')) {
      expect(link.href).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`)
    } else {
      expect(link.href).toMatch(/^intent:\/\/wc\?uri=[^#]+#Intent;scheme=rainbow;package=me\.rainbow;/)
    }
    relay.latencyMs = 0
    await walletConnect.pair(uri)
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
  })

  test('the generic WalletConnect entry shows the QR code, the link to copy and the bare wc: link', async ({
    page,
    walletConnect,
  }) => {
    await page.goto('/')
    await connectButton(page).tap()
    await sheet(page).getByRole('button', { name: 'WalletConnect' }).tap()
    await expect(sheet(page).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
    const uri = await sheet(page).getByRole('textbox', { name: 'Connection link' }).inputValue()
    expect(uri).toMatch(PAIRING_URI)
    await expect(sheet(page).getByRole('link', { name: 'Open in a wallet app' })).toHaveAttribute('href', uri)
    await walletConnect.pair(uri)
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
  })

  test('the sheet names ten wallet apps and WalletConnect, each opening that app with the pairing, and loads their icons only when it opens', async ({
    page,
    relay: _relay,
  }, testInfo) => {
    const iconChunks: string[] = []
    page.on('request', (request) => {
      const chunk = /\/assets\/([a-zA-Z]+Wallet)-[A-Z0-9]{8}-/.exec(request.url())?.[1]
      if (chunk) iconChunks.push(chunk)
    })
    await page.goto('/')
    await expect(connectButton(page)).toBeVisible()
    expect(iconChunks).toEqual([])
    await connectButton(page).tap()
    const wallets = sheet(page).getByRole('listitem')
    await expect(sheet(page).getByRole('link', { name: 'MetaMask' })).toBeVisible()
    await expect(wallets).toHaveText([
      'MetaMask',
      'Trust Wallet',
      'Rainbow',
      'OKX Wallet',
      'Uniswap Wallet',
      'Zerion',
      'Ledger Live',
      'SafePal',
      'Bitget Wallet',
      'imToken',
      'WalletConnect',
    ])
    // Every icon is RainbowKit's, fetched once the sheet is open.
    await expect(sheet(page).locator('img.phone-wallet-icon')).toHaveCount(11)
    expect([...new Set(iconChunks)].sort()).toEqual(
      [
        'bitgetWallet',
        'imTokenWallet',
        'ledgerWallet',
        'metaMaskWallet',
        'okxWallet',
        'rainbowWallet',
        'safepalWallet',
        'trustWallet',
        'uniswapWallet',
        'walletConnectWallet',
        'zerionWallet',
      ].sort(),
    )
    const hrefOf = async (name: string) => (await sheet(page).getByRole('link', { name }).getAttribute('href')) ?? ''
    const uri = uriIn(await hrefOf('MetaMask'))
    expect(uri).toMatch(PAIRING_URI)
    const encoded = encodeURIComponent(uri)
    for (const wallet of PHONE_WALLET_APPS) expect(uriIn(await hrefOf(wallet.name))).toBe(uri)
    if (testInfo.project.name.includes('-iphone-')) {
      expect(await hrefOf('Trust Wallet')).toBe(`https://link.trustwallet.com/wc?uri=${encoded}`)
      expect(await hrefOf('OKX Wallet')).toBe(`okex://main/wc?uri=${encoded}`)
      expect(await hrefOf('Ledger Live')).toBe(`ledgerlive://wc?uri=${encoded}`)
      await expect(sheet(page).getByRole('link', { name: 'Trust Wallet' })).toHaveAttribute('target', '_blank')
    } else {
      expect(await hrefOf('Trust Wallet')).toBe(
        `intent://wc?uri=${encoded}#Intent;scheme=trust;package=com.wallet.crypto.trustapp;S.browser_fallback_url=${encodeURIComponent('https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp')};end`,
      )
      expect(await hrefOf('OKX Wallet')).toBe(uri)
    }
  })

  test.describe('with a wallet that names itself Trust Wallet', () => {
    test.use({ walletName: 'Trust Wallet' })

    test('the wallet that connected comes first, marked Recent, also when another one was tapped; Get a Wallet lists it first too', async ({
      page,
      chain,
      walletConnect,
    }) => {
      await chain.addHolder(alice)
      await page.goto('/')
      await connectButton(page).tap()
      // The holder taps MetaMask, then pairs the wallet they actually use (Trust Wallet) with the link instead.
      await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
      await walletConnect.pair((await lastLink(page)).uri)
      await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
      await expect.poll(() => page.evaluate(() => localStorage.getItem('nai.recentWallets'))).toBe('["trust"]')

      await walletConnect.disconnectAll()
      await expect(connectButton(page)).toBeVisible()
      await connectButton(page).tap()
      const wallets = sheet(page).getByRole('listitem')
      await expect(wallets.first()).toHaveText('Trust WalletRecent')
      await expect(wallets.nth(1)).toHaveText('MetaMask')
      await expect(sheet(page).getByText('Recent', { exact: true })).toHaveCount(1)
      await sheet(page).getByRole('button', { name: 'Get a Wallet' }).tap()
      const gets = page.getByRole('dialog', { name: 'Get a Wallet' }).getByRole('link')
      await expect(gets.first()).toHaveAccessibleName('Get Trust Wallet')
      await expect(gets.nth(1)).toHaveAccessibleName('Get MetaMask')
    })
  })

  test('a wallet that is none of the listed apps is not marked Recent', async ({ page, chain, walletConnect }) => {
    await chain.addHolder(alice)
    await page.goto('/')
    await connectButton(page).tap()
    await sheet(page).getByRole('link', { name: 'Trust Wallet' }).tap()
    await walletConnect.pair((await lastLink(page)).uri)
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    await walletConnect.disconnectAll()
    await expect(connectButton(page)).toBeVisible()
    await connectButton(page).tap()
    await expect(sheet(page).getByRole('listitem').first()).toHaveText('MetaMask')
    await expect(sheet(page).getByText('Recent', { exact: true })).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('nai.recentWallets'))).toBeNull()
  })

  test('Get a Wallet offers three wallets from the store of this phone, and Back returns to the wallets', async ({
    page,
    relay: _relay,
  }, testInfo) => {
    await page.goto('/')
    await connectButton(page).tap()
    await sheet(page).getByRole('button', { name: 'Get a Wallet' }).tap()
    await expect(page.getByRole('dialog', { name: 'Get a Wallet' })).toBeVisible()
    const ios = testInfo.project.name.includes('-iphone-')
    const gets = page.getByRole('dialog', { name: 'Get a Wallet' }).getByRole('link')
    await expect(gets).toHaveText(['GET', 'GET', 'GET'])
    const expected = PHONE_WALLET_APPS.slice(0, 3).map((wallet) => ({
      name: `Get ${wallet.name}`,
      href: storeLink(wallet, ios ? 'ios' : 'android'),
    }))
    for (const { name, href } of expected) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', href)
    }
    await expect(
      page.getByText('Select a wallet on the main screen to get started with a different wallet provider.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Back' }).tap()
    await expect(sheet(page).getByRole('link', { name: 'MetaMask' })).toBeVisible()
  })

  test('a wallet app that is not installed: the sheet links its store, and back from the store page the sheet still connects', async ({
    page,
    chain,
    walletConnect,
  }, testInfo) => {
    await chain.addHolder(alice)
    const ios = testInfo.project.name.includes('-iphone-')
    await page.goto('/')
    await connectButton(page).tap()
    await sheet(page).getByRole('link', { name: 'OKX Wallet' }).tap()
    const { uri } = await lastLink(page)
    await expect(sheet(page).getByText('Approve the connection in OKX Wallet.')).toBeVisible()
    const store = sheet(page).getByRole('link', {
      name: ios ? 'Get OKX Wallet from the App Store' : 'Get OKX Wallet from Google Play',
    })
    await expect(store).toHaveAttribute(
      'href',
      ios
        ? 'https://itunes.apple.com/app/id1327268470?mt=8'
        : 'https://play.google.com/store/apps/details?id=com.okinc.okex.gp',
    )
    await expect(store).toHaveAttribute('target', '_blank')

    // The store opens in a tab of its own while the portal's tab waits in the background.
    await page
      .context()
      .route(/^https:\/\/(itunes\.apple\.com|play\.google\.com)\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Store</title><p>OKX Wallet</p>' }),
      )
    const cdp = await page.context().newCDPSession(page)
    const [storePage] = await Promise.all([page.context().waitForEvent('page'), store.tap()])
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    await expect(storePage.getByText('OKX Wallet')).toBeVisible()
    await storePage.close()
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    await page.bringToFront()

    // Back in the portal: the holder picks a wallet they have, with the same pairing, and connects.
    await sheet(page).getByRole('button', { name: 'Choose another wallet' }).tap()
    await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
    expect((await lastLink(page)).uri).toBe(uri)
    await walletConnect.pair(uri)
    await expect(sheet(page)).toBeHidden()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  })

  test("on Android an intent's store fallback leaves the portal's tab; back from the store the portal connects afresh", {
    tag: ANDROID_ONLY,
  }, async ({ page, chain, walletConnect }) => {
    await chain.addHolder(alice)
    await page.goto('/')
    await connectButton(page).tap()
    await sheet(page).getByRole('link', { name: 'Trust Wallet' }).tap()
    const { link } = await lastLink(page)
    const fallback = /S\.browser_fallback_url=([^;]+);/.exec(link.href)?.[1]
    expect(fallback && decodeURIComponent(fallback)).toBe(
      'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
    )
    // Trust Wallet is not installed: Chrome follows the intent's fallback in the portal's own tab.
    await page
      .context()
      .route(/^https:\/\/play\.google\.com\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Google Play</title><p>Trust Wallet</p>' }),
      )
    await page.goto(decodeURIComponent(fallback ?? ''))
    await expect(page.getByText('Trust Wallet')).toBeVisible()
    await page.goBack()
    await expect(connectButton(page)).toBeVisible()
    await connectButton(page).tap()
    await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
    await walletConnect.pair((await lastLink(page)).uri)
    await expect(sheet(page)).toBeHidden()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  })

  test('an unreachable relay says so at once, with Try again, and the wallets come back by themselves with the relay', async ({
    page,
    relay,
  }, testInfo) => {
    await relay.stop()
    await page.goto('/')
    const failed = await watchAnswer(page, UNREACHABLE)
    await connectButton(page).tap()
    const tapToMessage = await failed()
    // The first refused socket, not the SDK's five attempts over ten seconds, decides.
    expect(tapToMessage).toBeLessThan(3_000)
    await expect(sheet(page).getByRole('alert')).toHaveText(UNREACHABLE)
    testInfo.annotations.push({
      type: 'tap to relay-unreachable message',
      description: `${tapToMessage.toFixed(0)} ms`,
    })
    console.log(`[${testInfo.project.name}] tap → relay-unreachable message ${tapToMessage.toFixed(0)} ms`)

    await expect(sheet(page).getByRole('button', { name: 'Try again' })).toBeVisible()

    // The SDK keeps retrying meanwhile: once the relay is back, the wallets are ready without another tap.
    await relay.restart()
    await expect(sheet(page).getByRole('link', { name: 'MetaMask' })).toBeVisible({ timeout: 20_000 })
    await expect(sheet(page).getByRole('alert')).toHaveCount(0)
  })

  test('coming back by hand picks up where it was: "Open MetaMask again", and an approval given while the tab was frozen and its relay socket gone connects on return', async ({
    page,
    chain,
    relay,
    walletConnect,
  }) => {
    await chain.addHolder(alice)
    await page.goto('/')
    await connectButton(page).tap()
    await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
    const { link, uri } = await lastLink(page)
    const cdp = await page.context().newCDPSession(page)

    // In the wallet app: the browser freezes the tab and the relay socket dies; the holder comes back without approving.
    const connected = relay.connections
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    relay.dropConnections()
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    // Back on the page, it reconnects by itself.
    await expect.poll(() => relay.connections).toBe(connected)
    await expect(sheet(page).getByText('Approve the connection in MetaMask.')).toBeVisible()
    const again = sheet(page).getByRole('link', { name: 'Open MetaMask again' })
    await expect(again).toHaveAttribute('href', link.href)

    // Back to the wallet with the same pairing, which approves this time while the tab is frozen again.
    await again.tap()
    expect((await lastLink(page)).uri).toBe(uri)
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    relay.dropConnections()
    await walletConnect.pair(uri)
    await expect.poll(() => walletConnect.events('approved').length).toBe(1)
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    await expect(sheet(page)).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  })

  test("the card's own Connect Wallet and a watch-only holder's Connect this wallet to claim open the same sheet", async ({
    page,
    chain,
    walletConnect,
  }) => {
    await chain.addHolder(alice)
    await page.goto('/')
    await card(page).getByRole('button', { name: 'Connect Wallet' }).tap()
    await expect(sheet(page).getByRole('link', { name: 'MetaMask' })).toBeVisible()
    await sheet(page).getByRole('button', { name: 'Close' }).tap()
    await expect(sheet(page)).toBeHidden()

    await page.goto(`/?address=${accounts.alice}`)
    await claimPanel(page).getByRole('button', { name: 'Connect this wallet to claim' }).tap()
    const metaMask = sheet(page).getByRole('link', { name: 'MetaMask' })
    await metaMask.tap()
    const { uri } = await lastLink(page)
    await walletConnect.pair(uri)
    await expect(sheet(page)).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
  })
})

test.describe('the installed app', () => {
  test.beforeEach(async ({ page }) => {
    // What iOS Safari reports in an app opened from the home screen.
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }))
  })

  test('on an iPhone the sheet explains separate storage and links landing in Safari; not on Android', async ({
    page,
  }, testInfo) => {
    await page.goto('/')
    await connectButton(page).tap()
    const hint = sheet(page).getByRole('note')
    if (testInfo.project.name.includes('-iphone-')) {
      await expect(hint).toContainText('It keeps its own storage, apart from Safari')
      await expect(hint).toContainText('you land in Safari')
    } else {
      await expect(sheet(page).getByText('Return to this app after approving in your wallet.')).toBeVisible()
      await expect(hint).toHaveCount(0)
    }
  })

  test.describe('on a desktop', () => {
    test.use({
      userAgent: USER_AGENTS.desktop,
      isMobile: false,
      hasTouch: false,
      viewport: { width: 1440, height: 900 },
    })

    test('RainbowKit connects and no installed-app hint is shown', async ({ page }) => {
      await page.goto('/')
      await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click()
      await expect(page.getByRole('dialog').getByText('Rainbow', { exact: true })).toBeVisible()
      await expect(page.getByText('apart from Safari')).toHaveCount(0)
      // RainbowKit's modal, not the phone sheet (which leads to RainbowKit with "More wallets").
      await expect(page.getByRole('button', { name: 'More wallets' })).toHaveCount(0)
    })
  })
})

test.describe('without a project id', () => {
  test.use({ baseURL })

  test('phones get an explanation and what works, not an empty list', async ({ page }) => {
    await page.goto('/')
    await connectButton(page).tap()
    await expect(sheet(page)).toContainText(
      'This deployment has no mobile-wallet connection (WalletConnect) configured',
    )
    await expect(sheet(page)).toContainText("Open this page in your wallet app's own browser")
    await expect(sheet(page).getByRole('link')).toHaveCount(0)
    await sheet(page).getByRole('button', { name: 'More wallets' }).tap()
    await expect(page.getByRole('dialog').getByText('Local test wallet')).toBeVisible()
  })

  test('the back button closes the sheet and leaves the holder on the page, which is inert only while it is open', async ({
    page,
  }) => {
    await page.goto('/')
    await connectButton(page).tap()
    await expect(sheet(page)).toBeVisible()
    await expect(page.locator('#root')).toHaveAttribute('inert', '')
    await page.goBack()
    await expect(sheet(page)).toBeHidden()
    expect(page.url()).toBe(`${baseURL}/`)
    await expect(page.locator('#root')).not.toHaveAttribute('inert')
    await expect(connectButton(page)).toBeEnabled()
  })
})

test.describe('writing through WalletConnect', () => {
  test.beforeEach(async ({ chain }) => {
    await chain.addHolder(alice)
  })

  test('claim and burn at 100 % moves exactly what the injected wallet moves', async ({
    page,
    chain,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    const before = await snapshot(chain, accounts.alice)
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    // The wallet app is in the background: the request waits there until the holder opens it from the page.
    await expect.poll(() => walletConnect.events('request').length).toBe(1)
    await expect(waitingForWallet(page)).toHaveText(
      'Waiting for your wallet to answer: Claim & Burn: receive 925.87 NAI, burn 308.62 NAI.Open NAI test walletStop waiting',
    )
    expect(walletConnect.events('answered')).toEqual([])
    expect(await snapshot(chain, accounts.alice)).toEqual(before)
    const [request] = walletConnect.events('request')
    const [topic] = await walletConnect.sessions()
    // WalletConnect's own request link: the app opens at this request.
    const href = `nai-test-wallet://wc?requestId=${request?.id}&sessionTopic=${topic}`
    await expect(waitingForWallet(page).getByRole('link', { name: 'Open NAI test wallet' })).toHaveAttribute(
      'href',
      href,
    )
    expect(await openWallet(page, walletConnect)).toMatchObject({ href, userActivation: true })
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
    const claimed = nai('1234.5')
    const burned = nai('308.625')
    expect(await snapshot(chain, accounts.alice)).toEqual({
      balance: before.balance + claimed - burned,
      dead: before.dead + burned,
      totalBurned: before.totalBurned + burned,
      position: before.position - claimed,
    })
    expect(walletConnect.events('answered').map((event) => event.method)).toEqual(['eth_sendTransaction'])
  })

  test('legacy claim pays exactly the legacy amount', async ({ page, chain, walletConnect }) => {
    await connect(page, walletConnect)
    const section = page.getByRole('region', { name: 'Claimable Tokens' })
    const balanceBefore = await chain.balanceOf(accounts.alice)
    await section.getByRole('button', { name: 'Claim 321.45 NAI' }).click()
    await openWallet(page, walletConnect)
    await expect(section).toBeHidden()
    expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + nai('321.456789'))
    expect(await chain.legacyAmount(accounts.alice)).toBe(0n)
  })

  test('Add NAI to wallet reaches the wallet app once the holder opens it from the tools', async ({
    page,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    const tools = await openTools(page)
    await tools.getByRole('button', { name: 'Add NAI to wallet' }).click()
    await expect.poll(() => walletConnect.events('request').map((event) => event.method)).toContain('wallet_watchAsset')
    expect(walletConnect.events('answered')).toEqual([])
    const waiting = tools.getByRole('status').filter({ hasText: 'Waiting for your wallet to answer.' })
    await expect(waiting).toHaveText('Waiting for your wallet to answer. Open NAI test wallet')
    await openWallet(page, walletConnect, { where: waiting })
    await expect(tools.getByRole('button', { name: 'NAI added to your wallet' })).toBeVisible()
    expect(walletConnect.events('answered').map((event) => event.method)).toEqual(['wallet_watchAsset'])
  })

  test.describe('with MetaMask, which gives a universal link: the SDK opens it by itself', () => {
    test.use({ walletName: 'MetaMask', walletUniversalLink: 'https://metamask.app.link' })

    test('each request the tap still covers brings the wallet app forward, after a reload too; a disconnect ends it', async ({
      page,
      chain,
      walletConnect,
    }) => {
      await connect(page, walletConnect)
      expect(await deepLinkChoice(page)).toEqual({ href: 'https://metamask.app.link', name: 'MetaMask' })
      const before = await snapshot(chain, accounts.alice)
      await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
      // No tap on Open: the SDK opened the app at the request, inside the activation of the tap on Claim & Burn.
      await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
      const [topic] = await walletConnect.sessions()
      const [claim] = walletConnect.events('request')
      expect((await deepLinks(page)).at(-1)).toMatchObject({
        href: `https://metamask.app.link/wc?requestId=${claim?.id}&sessionTopic=${topic}`,
        target: '_blank',
        userActivation: true,
      })
      const burned = nai('308.625')
      expect(await snapshot(chain, accounts.alice)).toEqual({
        balance: before.balance + nai('1234.5') - burned,
        dead: before.dead + burned,
        totalBurned: before.totalBurned + burned,
        position: 0n,
      })

      // The choice comes back with the session after a reload.
      await page.reload()
      await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
      expect(await deepLinkChoice(page)).toEqual({ href: 'https://metamask.app.link', name: 'MetaMask' })
      const legacy = page.getByRole('region', { name: 'Claimable Tokens' })
      const balance = await chain.balanceOf(accounts.alice)
      await legacy.getByRole('button', { name: 'Claim 321.45 NAI' }).click()
      await expect(legacy).toBeHidden()
      const legacyClaim = walletConnect.events('request').at(-1)
      expect((await deepLinks(page)).at(-1)).toMatchObject({
        href: `https://metamask.app.link/wc?requestId=${legacyClaim?.id}&sessionTopic=${topic}`,
        userActivation: true,
      })
      expect(await chain.balanceOf(accounts.alice)).toBe(balance + nai('321.456789'))

      // The holder disconnects: the SDK no longer opens anything.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /0x70…79C8/ })
        .click()
      await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
      await expect(connectButton(page)).toBeVisible()
      expect(await deepLinkChoice(page)).toBeNull()
    })

    test('connected through the QR code, nothing opens by itself: the holder opens the wallet from the notice', async ({
      page,
      chain,
      walletConnect,
    }) => {
      await page.goto('/')
      await connectButton(page).tap()
      await sheet(page).getByRole('button', { name: 'WalletConnect' }).tap()
      await walletConnect.pair(await sheet(page).getByRole('textbox', { name: 'Connection link' }).inputValue())
      await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
      expect(await deepLinkChoice(page)).toBeNull()
      const balance = await chain.balanceOf(accounts.alice)
      await page
        .getByRole('region', { name: 'Claimable Tokens' })
        .getByRole('button', { name: 'Claim 321.45 NAI' })
        .click()
      await expect.poll(() => walletConnect.events('request').length).toBe(1)
      expect(await deepLinks(page)).toEqual([])
      const opened = await openWallet(page, walletConnect, { name: 'MetaMask' })
      expect(opened.target).toBeUndefined()
      await expect(page.getByRole('region', { name: 'Claimable Tokens' })).toBeHidden()
      expect(await chain.balanceOf(accounts.alice)).toBe(balance + nai('321.456789'))
    })
  })

  test.describe('with OKX Wallet, which Android opens through the bare wc: scheme', () => {
    test.use({ walletName: 'OKX Wallet' })

    test('the holder gets Open OKX Wallet on the plain wc: link, and the page never opens anything by itself', {
      tag: ANDROID_ONLY,
    }, async ({ page, chain, walletConnect }) => {
      await connect(page, walletConnect)
      const before = await snapshot(chain, accounts.alice)
      await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
      await expect.poll(() => walletConnect.events('request').length).toBe(1)
      const linksBefore = (await deepLinks(page)).length
      const opened = await openWallet(page, walletConnect, { name: 'OKX Wallet' })
      expect(opened).toMatchObject({ href: 'wc:', userActivation: true })
      // Only the holder's tap opened the wallet: no automatic open was asked of the SDK.
      expect((await deepLinks(page)).length).toBe(linksBefore + 1)
      expect(await page.evaluate(() => localStorage.getItem('WALLETCONNECT_DEEPLINK_CHOICE'))).toBeNull()
      await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
      expect((await snapshot(chain, accounts.alice)).balance).toBe(before.balance + nai('925.875'))
    })
  })

  test('a rejection in the wallet returns quietly: no message, nothing sent', async ({
    page,
    chain,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    const before = await snapshot(chain, accounts.alice)
    await walletConnect.rejectNext('eth_sendTransaction')
    await (await openConfirmation(page)).getByRole('button', { name: 'Claim & Burn' }).click()
    await openWallet(page, walletConnect)
    await expect.poll(() => walletConnect.events('rejected').length).toBe(1)
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(await snapshot(chain, accounts.alice)).toEqual(before)
  })

  test('a request signed while the page is frozen settles when it resumes', async ({ page, chain, walletConnect }) => {
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    // The holder is in the wallet app: the browser freezes the portal's tab, and the wallet signs meanwhile.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    await walletConnect.releaseRequests()
    await expect.poll(() => walletConnect.events('answered').length).toBe(1)
    await expect.poll(async () => (await snapshot(chain, accounts.alice)).position).toBe(0n)
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
    expect((await snapshot(chain, accounts.alice)).balance).toBe(before.balance + nai('925.875'))
  })

  test('a request signed while the tab is frozen and its relay socket dropped is received when it resumes', async ({
    page,
    chain,
    relay,
    walletConnect,
  }) => {
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    relay.dropConnections()
    await walletConnect.releaseRequests()
    await expect.poll(() => walletConnect.events('answered').length).toBe(1)
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible({
      timeout: 20_000,
    })
    expect(await snapshot(chain, accounts.alice)).toEqual({
      balance: before.balance + nai('925.875'),
      dead: before.dead + nai('308.625'),
      totalBurned: before.totalBurned + nai('308.625'),
      position: 0n,
    })
  })

  test('a request answered while the tab was discarded is found again when the holder comes back, and settles', async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    await expect(
      page.getByText('Waiting for your wallet to answer: Claim & Burn: receive 925.87 NAI, burn 308.62 NAI.'),
    ).toBeVisible()
    // The holder is in the wallet app and the phone discards the portal's tab: its page and everything in memory go.
    await page.goto('about:blank')
    await walletConnect.releaseRequests()
    await expect.poll(() => walletConnect.events('answered').length).toBe(1)
    await expect.poll(async () => (await snapshot(chain, accounts.alice)).position).toBe(0n)

    // Back in the browser, the tab loads again: the write is found by its event and reported like any other.
    await page.goto('/')
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible()
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
    expect(await snapshot(chain, accounts.alice)).toEqual({
      balance: before.balance + nai('925.875'),
      dead: before.dead + nai('308.625'),
      totalBurned: before.totalBurned + nai('308.625'),
      position: 0n,
    })
    expect(walletConnect.events('answered').map((event) => event.method)).toEqual(['eth_sendTransaction'])
  })

  test('a request answered 5,000 blocks after the tab was discarded is found again through an endpoint that serves 2,048 blocks at a time', async ({
    page,
    chain,
    walletConnect,
    rpcProxy,
  }) => {
    // anvil mines 5,000 blocks in about 25 s, twice that on a busy machine.
    test.setTimeout(120_000)
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    await expect(
      page.getByText('Waiting for your wallet to answer: Claim & Burn: receive 925.87 NAI, burn 308.62 NAI.'),
    ).toBeVisible()
    await page.goto('about:blank')
    // Hours pass on a busy chain before the holder approves in the wallet app (dated as now: the window stays open).
    // In steps that each take a second or two: one request for many of them could outlast the client's time-out.
    for (let mined = 0; mined < 5_000; mined += 100) await chain.mine({ blocks: 100, interval: 0 })
    await walletConnect.releaseRequests()
    await expect.poll(() => walletConnect.events('answered').length).toBe(1)
    await expect.poll(async () => (await snapshot(chain, accounts.alice)).position).toBe(0n)
    rpcProxy.reset()

    await page.goto('/')
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
    expect(await snapshot(chain, accounts.alice)).toEqual({
      balance: before.balance + nai('925.875'),
      dead: before.dead + nai('308.625'),
      totalBurned: before.totalBurned + nai('308.625'),
      position: 0n,
    })
    // Looked for in ranges the endpoint serves: the first ones refused in Avalanche's words, then narrower ones read.
    const getLogs = rpcProxy.log.filter((entry) => entry.method === 'eth_getLogs')
    expect(getLogs.filter((entry) => entry.refused).map((entry) => entry.refused?.message)).toContainEqual(
      expect.stringMatching(/^requested too many blocks from \d+ to \d+, maximum is set to 2048$/),
    )
    expect(getLogs.filter((entry) => !entry.refused).length).toBeGreaterThan(1)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a request the wallet never answers keeps waiting after the tab comes back, until the holder stops waiting', async ({
    page,
    chain,
    walletConnect,
  }) => {
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    await page.goto('about:blank')
    await page.goto('/')
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for your wallet to answer' })
    await expect(waiting).toBeVisible()
    await expect(claimPanel(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
    await waiting.getByRole('button', { name: 'Stop waiting' }).click()
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
    expect(await snapshot(chain, accounts.alice)).toEqual(before)
  })

  test('a relay restarted in the middle of a request: both sides reconnect and the write settles', async ({
    page,
    chain,
    relay,
    walletConnect,
  }) => {
    test.setTimeout(90_000)
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    await relay.restart(1_000)
    await walletConnect.releaseRequests()
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible({
      timeout: 60_000,
    })
    expect((await snapshot(chain, accounts.alice)).balance).toBe(before.balance + nai('925.875'))
  })

  test('a reload restores the session without pairing again', async ({ page, relay, walletConnect }) => {
    await connect(page, walletConnect)
    const proposals = () => relay.messages(SESSION_SETUP_TAGS.proposal).length
    expect(proposals()).toBe(1)
    await page.reload()
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    expect(proposals()).toBe(1)
    expect(walletConnect.events('proposal')).toHaveLength(1)
  })

  test("the wallet's approval screen shows the portal: its name, what it does, and an icon it can fetch", async ({
    page,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    const origin = new URL(page.url()).origin
    const [proposal] = walletConnect.events('proposal')
    expect(proposal?.dapp).toEqual({
      name: 'NAI Vesting & Claim Portal',
      description:
        'See your NAI vesting position, claim and burn in the claim window, unlock what has vested and claim legacy tokens.',
      url: origin,
      icons: [`${origin}/icons/pwa-192x192.png`],
    })
    const icon = await fetch(proposal?.dapp.icons[0] ?? '')
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png'])
  })

  test("the wallet's answer coming after WalletConnect's five minutes still settles: the page goes on looking for the holder's event", async ({
    page,
    chain,
    walletConnect,
    time,
  }) => {
    const before = await claimWithTheWalletHolding(page, chain, walletConnect)
    // The holder takes more than five minutes in the wallet: the SDK gives up on the answer.
    await time.advance(5 * 60 + 5)
    const waiting = page.getByRole('status').filter({ hasText: 'Your wallet did not answer in time.' })
    await expect(waiting).toHaveText(
      'Your wallet did not answer in time. If you approved it there, it shows here once it is confirmed: Claim & Burn: receive 925.87 NAI, burn 308.62 NAI.Stop waiting',
    )
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(claimPanel(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
    // The holder approves after all; the wallet sends the transaction.
    await walletConnect.releaseRequests()
    await expect(page.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
    expect(await snapshot(chain, accounts.alice)).toEqual({
      balance: before.balance + nai('925.875'),
      dead: before.dead + nai('308.625'),
      totalBurned: before.totalBurned + nai('308.625'),
      position: 0n,
    })
  })
})

test.describe('sessions over days', () => {
  const bob = {
    account: accounts.bob,
    amount: nai('2468.024'),
    burnPercentage: percent(12.5),
  } as const satisfies Holder
  const ended = (page: Page) => page.getByRole('status').filter({ hasText: 'The figures below are shown watch-only' })
  const bobButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /0x3C…93BC/ })

  test.beforeEach(async ({ chain }) => {
    await chain.addHolders([alice, bob])
  })

  test('the wallet switching account and network itself: the page follows, with Wrong network on a network it does not serve', async ({
    page,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    await walletConnect.switchToNextAccount()
    await expect(bobButton(page)).toBeVisible()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('2,468.02 NAI')
    await expect(stat(claimPanel(page), 'Receive')).toHaveText('2,159.52 NAI')

    await walletConnect.switchChain(1)
    const wrongNetwork = page
      .getByRole('banner')
      .getByRole('button', { name: 'Chain Selector' })
      .filter({ hasText: 'Wrong network' })
    await expect(wrongNetwork).toBeVisible()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Your wallet is on another network. Switch to Local (anvil) to continue.' }),
    ).toBeVisible()
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()

    await walletConnect.switchChain(31_337)
    await expect(wrongNetwork).toHaveCount(0)
    await expect(bobButton(page)).toBeVisible()
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  })

  test.describe("a wallet that does not have the portal's network", () => {
    test.use({ walletApprovedChains: [1] })

    test('it is told which network to allow, actions wait, and Connect again pairs afresh', async ({
      page,
      walletConnect,
    }) => {
      await page.goto('/')
      await connectButton(page).tap()
      await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
      await walletConnect.pair((await lastLink(page)).uri)
      await expect(sheet(page)).toBeHidden()
      const notice = page.getByRole('alert').filter({ hasText: 'approved the connection without' })
      await expect(notice.getByRole('paragraph')).toHaveText(
        'NAI test wallet approved the connection without the Local (anvil) network (chain ID 31337), which this portal uses. Allow Local (anvil) for this site in NAI test wallet, then connect again.',
      )
      await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeDisabled()
      await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')

      await notice.getByRole('button', { name: 'Connect again' }).tap()
      await expect(sheet(page).getByRole('link', { name: 'MetaMask' })).toBeVisible()
      await expect.poll(() => walletConnect.sessions()).toEqual([])
      expect(walletConnect.events('approved').map((event) => event.chains)).toEqual([['eip155:1']])
    })
  })

  test('the wallet ending the session: the page offers to connect again and shows the position watch-only meanwhile', async ({
    page,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    await walletConnect.disconnectAll()
    await expect(ended(page).getByRole('paragraph')).toHaveText(
      'Your wallet ended the connection to this portal. The figures below are shown watch-only until you connect again.',
    )
    await expect(page.getByText('Watch-only: 0x70…79C8. Connect this wallet to claim.')).toBeVisible()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    await expect(connectButton(page)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)

    // Connecting again, the notice goes and the actions are the holder's again.
    await ended(page).getByRole('button', { name: 'Connect again' }).tap()
    await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
    await walletConnect.pair((await lastLink(page)).uri)
    await expect(sheet(page)).toBeHidden()
    await expect(ended(page)).toHaveCount(0)
    await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  })

  test('a session that expires after 7 days: the page says so, shows the position watch-only, and Connect again pairs afresh', async ({
    page,
    walletConnect,
    time,
  }) => {
    await connect(page, walletConnect)
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    await time.advance(7 * 24 * 60 * 60 + 60)
    await expect(ended(page).getByRole('paragraph')).toHaveText(
      'The connection to your wallet expired: wallet connections last 7 days. The figures below are shown watch-only until you connect again.',
      { timeout: 20_000 },
    )
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    await expect(claimPanel(page).getByRole('button', { name: 'Connect this wallet to claim' })).toBeVisible()

    // A week on for the wallet too, which dates the new session from its own clock.
    await walletConnect.setClock(await page.evaluate(() => Date.now()))
    await ended(page).getByRole('button', { name: 'Connect again' }).tap()
    await sheet(page).getByRole('link', { name: 'MetaMask' }).tap()
    await walletConnect.pair((await lastLink(page)).uri)
    await expect(sheet(page)).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
    await expect(ended(page)).toHaveCount(0)
  })

  test('a session ended while the page was closed: back on the page it says so and shows the position watch-only', async ({
    page,
    walletConnect,
  }) => {
    await connect(page, walletConnect)
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    await page.goto('about:blank')
    await walletConnect.disconnectAll()
    await page.goto('/')
    await expect(ended(page)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Watch-only: 0x70…79C8. Connect this wallet to claim.')).toBeVisible()
    await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,234.5 NAI')
    // Dismissed, the page is a first visit's again.
    await ended(page).getByRole('button', { name: 'Dismiss' }).tap()
    await expect(card(page).getByText('Connect your wallet to see your vesting position.')).toBeVisible()
  })
})

test.describe('unlocking through WalletConnect', () => {
  test.use({ moment: moments.unlocking })

  test('Claim Everything: each of its two transactions reaches the wallet app when the holder opens it, exactly', async ({
    page,
    chain,
    walletConnect,
  }) => {
    await chain.addHolder({
      account: accounts.alice,
      amount: nai(1000),
      burnPercentage: percent(25),
      legacy: nai(50),
      balance: nai(3),
    })
    await connect(page, walletConnect)
    const balanceBefore = await chain.balanceOf(accounts.alice)
    const section = page.getByRole('region', { name: 'Claim Everything' })
    await section.getByRole('button', { name: 'Claim all 300 NAI', exact: true }).click()
    await expect(waitingForWallet(page)).toContainText('(1 of 2)')
    await openWallet(page, walletConnect)
    await expect(waitingForWallet(page)).toContainText('(2 of 2)')
    await openWallet(page, walletConnect)
    await expect(section).toBeHidden()
    const hashes = walletConnect.events('answered').map((event) => event.result as `0x${string}`)
    expect(walletConnect.events('answered').map((event) => event.method)).toEqual([
      'eth_sendTransaction',
      'eth_sendTransaction',
    ])
    const receipt = await chain.getTransactionReceipt({ hash: hashes[0] ?? '0x' })
    const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
    const [start, end] = [BigInt(schedule.unlockStart), BigInt(schedule.unlockEnd)]
    const paid = (nai(1000) * (block.timestamp - start)) / (end - start)
    expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + paid + nai(50))
    expect(await chain.legacyAmount(accounts.alice)).toBe(0n)
  })

  test('Claim pays exactly what had unlocked at the block', async ({ page, chain, walletConnect }) => {
    await chain.addHolder({ account: accounts.alice, amount: nai(1000), burnPercentage: percent(25), balance: nai(3) })
    await connect(page, walletConnect)
    const panel = unlockPanel(page)
    await expect(stat(panel, 'Claimable')).toHaveText('250 NAI')
    const balanceBefore = await chain.balanceOf(accounts.alice)
    await panel.getByRole('button', { name: 'Claim 250 NAI' }).click()
    await openWallet(page, walletConnect)
    await expect(stat(panel, 'Counted as claimed')).toHaveText('250 NAI')
    const [answered] = walletConnect.events('answered')
    const hash = answered?.result
    if (typeof hash !== 'string' || !hash.startsWith('0x')) throw new Error('The wallet sent no transaction.')
    const receipt = await chain.getTransactionReceipt({ hash: hash as `0x${string}` })
    const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
    const [start, end] = [BigInt(schedule.unlockStart), BigInt(schedule.unlockEnd)]
    const paid = (nai(1000) * (block.timestamp - start)) / (end - start)
    expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + paid)
    expect((await chain.position(accounts.alice)).unlockedAmount).toBe(paid)
  })
})

test.describe('phone user agents', () => {
  test('the projects run as the phones they claim to be', async ({ page }, testInfo) => {
    const userAgent = await page.evaluate(() => navigator.userAgent)
    expect(userAgent).toBe(testInfo.project.name.includes('-iphone-') ? USER_AGENTS.iphone : USER_AGENTS.android)
  })
})
