import pseudolocale from 'pseudolocale'

const DELIMITER = '%&&&%'

/** ICU arguments, Lingui's element tags (`<0>`, `</0>`, `<1/>`), and the openings and branches of plurals and selects */
const UNTOUCHED = [
  /\{\s*\w+\s*\}/g,
  /<\/?\d+\/?>/g,
  /\{\w+,\s*(?:plural|selectordinal|select),[^{]*\{|\}\s*(?:=\d+|zero|one|two|few|many|other)\s*\{/g,
]

/**
 * A message pseudo-localized for tests: every letter accented and the text 40 % longer, its tags, arguments and
 * plural structure untouched, so that a screen in this locale shows any text that was never extracted as plain
 * English, and any layout that cannot take a longer language.
 */
export function pseudoLocalize(message: string): string {
  let marked = message
  for (const pattern of UNTOUCHED) marked = marked.replace(pattern, (kept) => `${DELIMITER}${kept}${DELIMITER}`)
  const accented = pseudolocale(marked, { delimiter: DELIMITER, prepend: '', append: '' }).replaceAll(DELIMITER, '')
  // Padding that can wrap, as the words of a longer language do.
  return `${accented}${' ·'.repeat(Math.ceil((message.length * 0.4) / 2))}`
}
