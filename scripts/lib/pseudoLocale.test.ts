import { describe, expect, it } from 'vitest'
import { shapeOf } from './catalogCheck'
import { pseudoLocalize } from './pseudoLocale'

describe('pseudoLocalize', () => {
  it('accents every letter and makes the message 40 % longer', () => {
    const message = 'Claim and burn is no longer available.'
    const pseudo = pseudoLocalize(message)
    expect(pseudo).not.toMatch(/[a-z]{2}/)
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.floor(message.length * 1.4))
  })

  it.each([
    'You receive {received}, {burned} are burned.',
    'Claim window (closed): {start} to {end}.',
    '<0>{burnPercentage}%</0> of the tokens you claim now will be burned.',
    '{count, plural, one {# day} other {# days}}',
    '{entryCount, plural, one {Statement downloaded: {entryCount} entry.} other {Statement downloaded: {entryCount} entries.}}',
  ])('keeps the arguments, tags and plurals of %s', (message) => {
    expect(shapeOf(pseudoLocalize(message))).toEqual(shapeOf(message))
  })
})
