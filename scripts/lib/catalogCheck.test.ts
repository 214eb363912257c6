import { describe, expect, it } from 'vitest'
import { catalogProblems, pluralFormsOf, shapeOf } from './catalogCheck'

const source = new Map([
  ['Claim {total}', 'Claim {total}'],
  ['<0>{burnPercentage}%</0> of the tokens', '<0>{burnPercentage}%</0> of the tokens'],
  ['{count, plural, one {# day} other {# days}}', '{count, plural, one {# day} other {# days}}'],
])

describe('shapeOf', () => {
  it('lists arguments, tags and plural forms', () => {
    expect(shapeOf('<0>{a}</0> and {b, plural, one {# {c}} other {#}}')).toEqual({
      args: ['a', 'b', 'c'],
      tags: ['</0>', '<0>'],
      plurals: [{ arg: 'b', keys: ['one', 'other'] }],
    })
  })
})

describe('catalogProblems', () => {
  it('passes a complete translation', () => {
    const de = new Map([
      ['Claim {total}', '{total} beanspruchen'],
      ['<0>{burnPercentage}%</0> of the tokens', '<0>{burnPercentage} %</0> der Tokens'],
      ['{count, plural, one {# day} other {# days}}', '{count, plural, one {# Tag} other {# Tage}}'],
    ])
    expect(catalogProblems('de', source, de)).toEqual([])
  })

  it('names a missing message, a lost argument, a lost tag, a missing plural form and a stale message', () => {
    const ru = new Map([
      ['Claim {total}', 'Получить'],
      ['<0>{burnPercentage}%</0> of the tokens', '{burnPercentage}% токенов'],
      ['{count, plural, one {# day} other {# days}}', '{count, plural, one {# день} other {# дней}}'],
      ['Gone', 'Ушло'],
    ])
    expect(catalogProblems('ru', source, ru)).toEqual([
      'ru: "Claim {total}" has arguments {}, not {total}',
      'ru: "<0>{burnPercentage}%</0> of the tokens" has tags , not </0> <0>',
      'ru: "{count, plural, one {# day} other {# days}}" lacks the plural forms few, many of {count}',
      'ru: "Gone" is no longer in the source',
    ])
    expect(catalogProblems('ja', source, new Map())).toHaveLength(3)
  })

  it('names a translation that does not parse', () => {
    const broken = new Map([...source, ['Claim {total}', 'Claim {total']])
    expect(catalogProblems('fr', source, broken)[0]).toMatch(/^fr: "Claim \{total\}" does not parse/)
  })
})

describe('pluralFormsOf', () => {
  it("follows each locale's plural rules", () => {
    expect(pluralFormsOf('ja')).toEqual(['other'])
    expect(pluralFormsOf('ru').sort()).toEqual(['few', 'many', 'one', 'other'])
    expect(pluralFormsOf('ar').sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero'])
  })
})
