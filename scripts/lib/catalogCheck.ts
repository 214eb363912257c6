import { parse } from '@messageformat/parser'

/** What a message carries that its translation must carry too: its arguments and its element tags (`<0>`, `</0>`). */
export type MessageShape = { args: string[]; tags: string[]; plurals: { arg: string; keys: string[] }[] }

type Token = ReturnType<typeof parse>[number] | { type: 'octothorpe' }

/** The arguments, tags and plural forms of an ICU message, the lists sorted; throws on a message that does not parse. */
export function shapeOf(message: string): MessageShape {
  const args = new Set<string>()
  const tags: string[] = []
  const plurals: MessageShape['plurals'] = []
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') tags.push(...(token.value.match(/<\/?\d+\/?>/g) ?? []))
      else if (token.type === 'argument' || token.type === 'function') args.add(token.arg)
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        args.add(token.arg)
        if (token.type === 'plural') plurals.push({ arg: token.arg, keys: token.cases.map((c) => String(c.key)) })
        for (const branch of token.cases) visit(branch.tokens)
      }
    }
  }
  // Plural keys are checked against each locale below, not by the parser.
  visit(parse(message, { cardinal: [], ordinal: [] }))
  return { args: [...args].sort(), tags: tags.sort(), plurals }
}

/** The plural forms `locale` needs (English: one, other; Japanese: other; Russian: one, few, many, other). */
export function pluralFormsOf(locale: string): string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories.map(String)
}

/**
 * Every problem of one locale's catalog against the source's messages: a message missing or left empty, one that
 * does not parse, arguments or tags that differ from the source's, a plural without a form the locale needs.
 */
export function catalogProblems(
  locale: string,
  source: ReadonlyMap<string, string>,
  translations: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = []
  const needed = pluralFormsOf(locale)
  for (const [id, message] of source) {
    const translation = translations.get(id)
    if (!translation) {
      problems.push(`${locale}: missing "${id}"`)
      continue
    }
    let expected: MessageShape
    let actual: MessageShape
    try {
      expected = shapeOf(message)
      actual = shapeOf(translation)
    } catch (error) {
      problems.push(`${locale}: "${id}" does not parse: ${(error as Error).message}`)
      continue
    }
    if (expected.args.join() !== actual.args.join()) {
      problems.push(
        `${locale}: "${id}" has arguments {${actual.args.join('}, {')}}, not {${expected.args.join('}, {')}}`,
      )
    }
    if (expected.tags.join() !== actual.tags.join()) {
      problems.push(`${locale}: "${id}" has tags ${actual.tags.join(' ')}, not ${expected.tags.join(' ')}`)
    }
    for (const plural of actual.plurals) {
      const lacking = needed.filter((form) => !plural.keys.includes(form))
      if (lacking.length)
        problems.push(`${locale}: "${id}" lacks the plural forms ${lacking.join(', ')} of {${plural.arg}}`)
    }
  }
  for (const id of translations.keys()) {
    if (!source.has(id)) problems.push(`${locale}: "${id}" is no longer in the source`)
  }
  return problems
}
