// What the visitor's view and the editor's view of the portal page share.

/** A grade item's stored entries, each with its label; anything malformed is left out. */
export function gradeEntries(value: unknown) {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return []
    const { label, description, url, grade } = entry as Record<string, unknown>
    if (typeof label !== 'string') return []
    return [{ label, description: str(description), url: str(url), grade: str(grade) }]
  })
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null)
