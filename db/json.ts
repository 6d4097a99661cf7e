// jsonb columns over the wire and back. pg sends a JS array as a PostgreSQL array, not JSON, so every
// jsonb value is written as its JSON text; a stored list is read back as the strings it holds, whatever
// an older or hand-written row contains.

/** A value for a jsonb column. */
export const jsonb = (value: unknown) => JSON.stringify(value)

/** The strings of a stored jsonb list; anything else in it (or a non-list) is dropped. */
export const jsonStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [])
