import { describe, expect, it } from 'vitest'
import { csvField, csvRecord, CsvSyntaxError, parseCsv, unguardedField } from './csv'

const fields = (text: string) => parseCsv(text).map((record) => record.fields)
const syntaxError = (text: string) => {
  try {
    parseCsv(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { line: error.line, message: error.message }
    throw error
  }
  throw new Error('parsed without an error')
}

describe('parseCsv', () => {
  it('reads records separated by CRLF, LF or CR, with or without a final line break', () => {
    expect(fields('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(fields('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(fields('a,b\rc,d\r')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(fields('')).toEqual([])
  })

  it('keeps empty fields, at the start, the middle and the end', () => {
    expect(fields(',b,\r\n,,')).toEqual([
      ['', 'b', ''],
      ['', '', ''],
    ])
    expect(fields('a,\r\n')).toEqual([['a', '']])
  })

  it('reads quoted fields with commas, doubled quotes and line breaks inside', () => {
    const text = 'question,answer\r\n"Is it safe, really?","Yes.\r\nWe say ""very"" safe.\nTwice."\r\n"",x\r\n'
    expect(fields(text)).toEqual([
      ['question', 'answer'],
      ['Is it safe, really?', 'Yes.\r\nWe say "very" safe.\nTwice.'],
      ['', 'x'],
    ])
  })

  it('numbers each record by the line it starts on, multi-line fields counted', () => {
    const records = parseCsv('h1,h2\r\n"one\r\ntwo\nthree",x\r\nnext,y\n\nlast,z')
    expect(records.map((record) => record.line)).toEqual([1, 2, 5, 6, 7])
    expect(records[3].fields).toEqual([''])
  })

  it('drops a leading byte-order mark and keeps other characters as they are', () => {
    expect(fields('\uFEFFquestion,answer\r\nÜber,日本語 ✓')).toEqual([
      ['question', 'answer'],
      ['Über', '日本語 ✓'],
    ])
    expect(fields('\uFEFF"quoted",x')).toEqual([['quoted', 'x']])
  })

  it('refuses malformed quoting with the line it is on', () => {
    expect(syntaxError('a,b\r\n"never closed,x\r\nmore')).toMatchObject({ line: 2, message: expect.stringContaining('never closed') })
    expect(syntaxError('a,b\r\nc,d\r\n"x"y,z')).toMatchObject({ line: 3, message: expect.stringContaining('closing quote') })
    expect(syntaxError('a,b\r\n"multi\r\nline" ,z')).toMatchObject({ line: 3 })
    expect(syntaxError('ok\r\nsay "hi",x')).toMatchObject({ line: 2, message: expect.stringContaining('does not start with one') })
  })

  it('reads back what csvRecord writes, formula guard included', () => {
    const rows = [
      ['=SUM(A1:A2)', 'plain', ''],
      ['"quoted", with comma', 'two\r\nlines', '-1 and +1'],
      ['@mention', "'already quoted", 'tab\tinside'],
    ]
    const parsed = parseCsv(rows.map(csvRecord).join(''))
    expect(parsed.map((record) => record.fields.map(unguardedField))).toEqual(rows)
  })

  it('runs in time linear in its input', () => {
    // No clock: sized so that a quadratic scan (10^12 steps and more) could never finish, so an answer at all proves it linear.
    const quotes = '"'.repeat(2_000_001)
    expect(() => parseCsv(quotes)).toThrow(CsvSyntaxError)
    expect(parseCsv(`${'a,'.repeat(1_000_000)}\r\n`.repeat(3))).toHaveLength(3)
  })
})

describe('unguardedField', () => {
  it('removes only the quote csvField puts before a would-be formula', () => {
    expect(unguardedField(csvField('=1+1').slice(1, -1))).toBe('=1+1')
    expect(unguardedField("'=1+1")).toBe('=1+1')
    expect(unguardedField("'plain")).toBe("'plain")
    expect(unguardedField("it's")).toBe("it's")
    expect(unguardedField('')).toBe('')
  })
})
