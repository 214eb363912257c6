import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import ICAL from 'ical.js'
import { formatDateTime } from '../src/domain/format'
import { vestingAbi } from '../src/generated'
import {
  accounts,
  contracts,
  expect,
  type Holder,
  type LocalChain,
  moments,
  nai,
  percent,
  schedule,
  test,
  unlockingAt,
} from './fixtures/index'
import { panel, stat } from './fixtures/ui'

/** The holder's timeline (its text equivalent, phase by phase) and the calendar file with the schedule. */

const alice = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) } as const satisfies Holder

const formatUtc = (epochSeconds: bigint) => formatDateTime(epochSeconds, 'en-US', 'UTC')
const timeline = (page: Page) => panel(page, 'Your vesting timeline')
const STRETCHES = (window: string, lock = '', unlock = '') => [
  `Claim window (${window}): Oct 30, 2024, 7:00 PM UTC to Nov 13, 2024, 7:00 PM UTC.`,
  `Lock: Nov 13, 2024, 7:00 PM UTC to Feb 1, 2026, 7:00 PM UTC${lock}.`,
  `Linear unlock: Feb 1, 2026, 7:00 PM UTC to Feb 1, 2027, 7:00 PM UTC${unlock}.`,
]

/** Moves the chain to `epochSeconds` (when it is not there yet), fixes the page's clock there, and opens the portal. */
async function openAt(page: Page, chain: LocalChain, epochSeconds: number) {
  if (epochSeconds > (await chain.now())) await chain.setTime(epochSeconds)
  await page.clock.setFixedTime(epochSeconds * 1000)
  await page.goto('/')
}

test.describe('the timeline', () => {
  test.use({ moment: moments.before })

  test('states the dates and amounts of each phase, and the whole position claimed', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolders([alice, { account: accounts.bob, amount: nai(10), burnPercentage: 0n }])
    await wallet.connectAs(alice.account)
    const cases: [number, string[]][] = [
      [
        moments.before,
        [
          ...STRETCHES('opens'),
          'You are here: Oct 28, 2024, 3:55 PM UTC.',
          '1,000 NAI in your position. Whatever is left when the claim window closes stays locked until Feb 1, 2026, 7:00 PM UTC.',
        ],
      ],
      [
        moments.claim,
        [
          ...STRETCHES('open now'),
          'You are here: Oct 31, 2024, 7:00 PM UTC.',
          '1,000 NAI in your position. Whatever is left when the claim window closes stays locked until Feb 1, 2026, 7:00 PM UTC.',
        ],
      ],
      [
        moments.locked,
        [
          ...STRETCHES('closed', ' (now)'),
          'You are here: Nov 14, 2024, 7:00 PM UTC.',
          'Unlocked: 0 NAI of 1,000 NAI. Counted as claimed: 0 NAI. Claimable: 0 NAI. Still locked: 1,000 NAI.',
        ],
      ],
      [
        unlockingAt(25),
        [
          ...STRETCHES('closed', '', ' (now)'),
          'You are here: May 4, 2026, 1:00 AM UTC.',
          'Unlocked: 250 NAI of 1,000 NAI. Counted as claimed: 0 NAI. Claimable: 250 NAI. Still locked: 750 NAI.',
        ],
      ],
      [
        moments.ended,
        [
          ...STRETCHES('closed', '', ' (complete)'),
          'You are here: Feb 2, 2027, 7:00 PM UTC.',
          'Unlocked: 1,000 NAI of 1,000 NAI. Counted as claimed: 0 NAI. Claimable: 1,000 NAI. Still locked: 0 NAI.',
        ],
      ],
    ]
    for (const [moment, lines] of cases) {
      await openAt(page, chain, moment)
      await expect(timeline(page).getByRole('listitem')).toHaveText(lines)
    }

    // Everything taken: the timeline says so.
    await chain.unlockAs(alice.account)
    await page.reload()
    await expect(timeline(page).getByRole('listitem').last()).toHaveText(
      'All 1,000 NAI have unlocked and been claimed.',
    )
  })

  test('a holder who claimed the whole position in the window: the timeline and the card say so', async ({
    page,
    chain,
    wallet,
  }) => {
    await chain.addHolder(alice)
    await chain.setTime(moments.claim)
    await chain.claimAndBurnAs(alice.account, alice.amount)
    await wallet.connectAs(alice.account)
    await openAt(page, chain, moments.locked)
    await expect(page.getByText('You have claimed or moved your whole position.', { exact: true })).toBeVisible()
    await expect(timeline(page).getByRole('listitem').last()).toHaveText(
      'Your whole position has been claimed: nothing is left to unlock.',
    )
    // When is read from the history on request: the claim and burn's block time.
    const [claimed] = await chain.getContractEvents({
      address: contracts.vesting,
      abi: vestingAbi,
      eventName: 'ClaimedAndBurned',
      fromBlock: 0n,
    })
    if (!claimed) throw new Error('The chain has no ClaimedAndBurned event.')
    const block = await chain.getBlock({ blockNumber: claimed.blockNumber })
    await page.getByRole('button', { name: 'Show when' }).click()
    await expect(page.getByText(/^You have claimed your whole position on /)).toHaveText(
      `You have claimed your whole position on ${formatUtc(block.timestamp)}.`,
    )
    await expect(timeline(page).getByRole('listitem').last()).toHaveText(
      `Claimed and burned on ${formatUtc(block.timestamp)}: 1,000 NAI claimed, 750 NAI received, 250 NAI burned.`,
    )
  })
})

test.describe('add to calendar', () => {
  test('an .ics with the claim window end, unlock start and end in UTC, the local time described, an alarm; offline too', async ({
    page,
    chain,
    wallet,
    context,
  }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    await page.goto('/')
    await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('1,000 NAI')
    // The calendar writer comes from the service worker's precache: no network needed.
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active))
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await context.setOffline(true)

    const downloading = page.waitForEvent('download')
    await panel(page, 'Lock for the Future').getByRole('button', { name: 'Add to calendar' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('nai-vesting-reminders.ics')
    const text = readFileSync((await download.path()) ?? '', 'utf8')
    await context.setOffline(false)

    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent)
      const alarm = vevent.getFirstSubcomponent('valarm')
      return {
        summary: event.summary,
        start: event.startDate.toUnixTime(),
        utc: event.startDate.zone === ICAL.Timezone.utcTimezone,
        localTime: /Your local time: ([^\n]+)\./.exec(event.description)?.[1],
        alarm: alarm && {
          action: alarm.getFirstPropertyValue('action'),
          secondsBefore: -(alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
        },
      }
    })
    const alarm = { action: 'DISPLAY', secondsBefore: 86_400 }
    expect(events).toEqual([
      {
        summary: 'NAI claim window closes',
        start: schedule.claimEnd,
        utc: true,
        localTime: 'Nov 13, 2024, 7:00 PM UTC',
        alarm,
      },
      {
        summary: 'NAI tokens start unlocking',
        start: schedule.unlockStart,
        utc: true,
        localTime: 'Feb 1, 2026, 7:00 PM UTC',
        alarm,
      },
      {
        summary: 'NAI tokens fully unlocked',
        start: schedule.unlockEnd,
        utc: true,
        localTime: 'Feb 1, 2027, 7:00 PM UTC',
        alarm,
      },
    ])
  })
})
