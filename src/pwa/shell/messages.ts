/**
 * Every text of the prerendered page, which shows before the app and its catalogs load. The build writes each
 * locale's translation of them into the shell script, which words the page in the holder's language before the first
 * paint.
 *
 * The app's own messages are named by their English, from which Lingui derives their id. The stored position's line
 * is the shell script's alone: those messages carry an explicit id, since nothing here goes through Lingui's macros.
 */
export const APP_MESSAGES = {
  home: 'NAI Vesting & Claim Portal home',
  product: 'NAI Vesting',
  news: 'News',
  title: 'Vesting Tokens',
  noteOpen: 'Make your choice before <0>{date}</0> to avoid having your tokens automatically locked.',
  noteClosed:
    'The claim window closed on <0>{date}</0>. Tokens left untouched were locked automatically for 12 months, then ' +
    'unlock linearly over another 12 months.',
  connect: 'Connect your wallet to see your vesting position.',
  days: '{days, plural, one {# day} other {# days}}',
  expired: 'Expired',
} as const

export const GLANCE_MESSAGES = {
  position: /*i18n*/ {
    id: 'glance.position',
    message: 'Your position: <0>{amount}</0>',
    comment:
      "Shown before the page has loaded: the holder's tokens as last seen on this device; {amount}: e.g. 1,000 NAI",
  },
  before: /*i18n*/ {
    id: 'glance.before',
    message: 'Claim window opens in',
    comment: 'Shown before the page has loaded, followed by a countdown',
  },
  claim: /*i18n*/ {
    id: 'glance.claim',
    message: 'Claim window closes in',
    comment: 'Shown before the page has loaded, followed by a countdown',
  },
  locked: /*i18n*/ {
    id: 'glance.locked',
    message: 'Unlock starts in',
    comment: 'Shown before the page has loaded, followed by a countdown. Unlock: tokens become claimable bit by bit',
  },
  unlocking: /*i18n*/ {
    id: 'glance.unlocking',
    message: 'Unlock ends in',
    comment: 'Shown before the page has loaded, followed by a countdown to the last token unlocking',
  },
} as const

export type ShellMessage = keyof typeof APP_MESSAGES | keyof typeof GLANCE_MESSAGES

/** The id of the document's element that holds every locale's words for the prerendered page, as JSON. */
export const SHELL_WORDS_ID = 'shell-words'

/** A message as Lingui compiles it: text, `[argument]`, or `[argument, 'plural', forms]` (`#` is the number). */
export type CompiledMessage = string | CompiledToken[]
type CompiledToken = string | [string] | [string, string, Record<string, CompiledMessage>]

/** One locale's shell messages, compiled; the build's table holds English and each translated locale. */
export type ShellTexts = Record<ShellMessage, CompiledMessage>
