// Names and other short values go into e-mail subjects, headers and lines of their own: they must stay
// on one line. Shared by the forms that refuse such characters and the mails that flatten older values.

/** Control characters (CR, LF, tab, NUL…) and the Unicode line and paragraph separators. */
export const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u

const LINE_BREAKING_RUNS = new RegExp(`${LINE_BREAKING.source}+`, 'gu')

/** `value` on one line: a name stored before names were checked cannot start a header or a line of its own. */
export const oneLine = (value: string) => value.replace(LINE_BREAKING_RUNS, ' ').trim()

/** A textarea's value with its line breaks as LF alone (browsers send CR LF): lengths count each break once. */
export const lfLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n')
