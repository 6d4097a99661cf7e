// What every e-mail builder needs to put a stored value (a name, an org's name) into a mail.

// Control characters (CR, LF, tab, NUL…) and the Unicode line and paragraph separators.
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]+/gu

/** `value` on one line: a name stored before names were checked cannot start a header or a line of its own. */
export const oneLine = (value: string) => value.replace(LINE_BREAKING, ' ').trim()

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
