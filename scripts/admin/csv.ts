/** One CSV record with the 1-based line of the file it starts on. */
export type CsvRecord = { line: number; fields: string[] }

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string }

/**
 * Parses comma-separated values (RFC 4180): quoted fields may hold commas, doubled quotes and line breaks; CRLF,
 * LF and a UTF-8 byte order mark are accepted; unquoted fields are trimmed; blank lines are skipped but still
 * counted, so every record keeps the line number a person sees in an editor.
 */
export function parseCsv(text: string): CsvResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const records: CsvRecord[] = []
  let line = 1
  let recordLine = 1
  let fields: string[] = []
  let field = ''
  let quoted = false
  let inQuotes = false
  let afterQuote = false
  let quoteLine = 1
  let quotedRecord = false

  const endField = () => {
    fields.push(quoted ? field : field.trim())
    field = ''
    quoted = false
    afterQuote = false
  }
  const endRecord = () => {
    endField()
    const blank = fields.length === 1 && fields[0] === '' && !quotedRecord
    if (!blank) records.push({ line: recordLine, fields })
    fields = []
    quotedRecord = false
  }

  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"'
          i++
        } else {
          inQuotes = false
          afterQuote = true
        }
      } else {
        if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) line++
        field += char
      }
      continue
    }
    if (char === ',') {
      endField()
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++
      endRecord()
      line++
      recordLine = line
    } else if (char === '"') {
      if (field.trim() !== '' || afterQuote) {
        return { ok: false, line, message: 'a quote in the middle of a field (quote the whole field and double it)' }
      }
      field = ''
      quoted = true
      quotedRecord = true
      inQuotes = true
      quoteLine = line
    } else if (afterQuote) {
      if (char !== ' ' && char !== '\t') {
        return { ok: false, line, message: 'text after a closing quote (a field is either quoted or not)' }
      }
    } else {
      field += char
    }
  }
  if (inQuotes) return { ok: false, line: quoteLine, message: 'a quoted field is never closed' }
  if (field !== '' || fields.length > 0 || quoted) endRecord()
  return { ok: true, records }
}
