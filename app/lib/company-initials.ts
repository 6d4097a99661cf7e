// Client-safe and tiny: the portal's trusted-by and subprocessor rows draw these without a logo.

/** A company's initials, shown where it has no logo: "Acme Corp" is AC, "stripe" is S. */
export function companyInitials(name: string) {
  const words = name
    .trim()
    .split(/[\s\-_.]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
  const letters = words.slice(0, 2).map((word) => [...word.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '')
  return letters.join('').toUpperCase() || '?'
}
