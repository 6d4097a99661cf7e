/**
 * A LIKE pattern that finds `text` anywhere, its own `%`, `_` and backslashes taken literally: use it with
 * `escape '\\'`.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
