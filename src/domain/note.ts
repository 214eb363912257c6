import type { Schedule } from './schedule'

/** The note under the card's title: the text before the claim window's end date, the date, and the text after it. */
export type ClaimWindowNote = { lead: string; date: bigint; tail: string }

/**
 * What the note under the title says at `now`: until the claim window closes, the choice to make before its end;
 * from then on, that it closed on that date and what happened to the tokens nobody touched. Pure, so that the same
 * words can be written into the page ahead of any script. English only (no messages are loaded yet): the app's
 * translated note, in VestingCard's ClaimNote, keeps the same English words.
 */
export function claimWindowNote(schedule: Pick<Schedule, 'claimEnd'>, now: bigint): ClaimWindowNote {
  if (now < schedule.claimEnd) {
    return {
      lead: 'Make your choice before ',
      date: schedule.claimEnd,
      tail: ' to avoid having your tokens automatically locked.',
    }
  }
  return {
    lead: 'The claim window closed on ',
    date: schedule.claimEnd,
    tail: '. Tokens left untouched were locked automatically for 12 months, then unlock linearly over another 12 months.',
  }
}

/** What the card says to a visitor with no wallet connected and no address to show (the prerendered page's English). */
export const CONNECT_PROMPT = 'Connect your wallet to see your vesting position.'

/** The note as plain text, with the date written by `formatDate`. */
export function claimWindowNoteText(note: ClaimWindowNote, formatDate: (epochSeconds: bigint) => string): string {
  return `${note.lead}${formatDate(note.date)}${note.tail}`
}
