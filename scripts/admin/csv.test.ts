import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.ts'

describe('parseCsv', () => {
  it('reads simple records with their line numbers, skipping blank lines', () => {
    expect(parseCsv('a,b\n1,2\n\n3,4\n')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1', '2'] },
        { line: 4, fields: ['3', '4'] },
      ],
    })
  })

  it('accepts CRLF, a lone CR, a byte order mark and a missing final newline', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2\r3,4')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1', '2'] },
        { line: 3, fields: ['3', '4'] },
      ],
    })
  })

  it('trims unquoted fields and keeps quoted ones as written', () => {
    expect(parseCsv(' a , " b " ,c')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', ' b ', 'c'] }] })
  })

  it('reads quoted commas, doubled quotes and line breaks, numbering the next record after them', () => {
    expect(parseCsv('"x,y","say ""hi""","two\nlines"\nnext,row')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['x,y', 'say "hi"', 'two\nlines'] },
        { line: 3, fields: ['next', 'row'] },
      ],
    })
  })

  it('keeps empty fields and an explicitly quoted empty record', () => {
    expect(parseCsv('a,,c\n""\n,')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', '', 'c'] },
        { line: 2, fields: [''] },
        { line: 3, fields: ['', ''] },
      ],
    })
  })

  it('reports a quote that is never closed at the line it opens', () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({ ok: false, line: 2, message: 'a quoted field is never closed' })
  })

  it('reports a quote in the middle of a field and text after a closing quote', () => {
    expect(parseCsv('a,b\n1,2"3\n')).toEqual({
      ok: false,
      line: 2,
      message: 'a quote in the middle of a field (quote the whole field and double it)',
    })
    expect(parseCsv('a\n\n"x"y\n')).toEqual({
      ok: false,
      line: 3,
      message: 'text after a closing quote (a field is either quoted or not)',
    })
  })

  it('returns no records for an empty file', () => {
    expect(parseCsv('')).toEqual({ ok: true, records: [] })
    expect(parseCsv('\n\n')).toEqual({ ok: true, records: [] })
  })
})
