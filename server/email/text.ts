// What every e-mail builder needs to put a stored value (a name, an org's name) into a mail.
export { oneLine } from '../../app/lib/one-line'

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
