// What every e-mail builder needs to put a stored value (a name, an org's name) into a mail.
export { oneLine } from '../../app/lib/one-line'

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * Words a visitor wrote, relayed so that no mail client makes a link of them: the colon of a scheme
 * and the dots of host names and IPv4 addresses are bracketed ("https[:]//evil[.]example"), the way
 * security notices quote addresses. Version numbers and "e.g." stay as they are. Invisible characters go, and
 * the dots IDNA reads as dots are written as dots first.
 */
export const unlinked = (value: string) =>
  value
    // Invisible characters (zero-width, soft hyphen) would only hide a dot from the rules below.
    .replace(/\p{Cf}/gu, '')
    // Ideographic and full-width full stops are dots in a host name (IDNA).
    .replace(/[\u3002\uff0e\uff61]/g, '.')
    .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/|[^\s/]*@)/gi, '$1[:]')
    .replace(/\b(mailto|tel|sms|callto|javascript|data|file|ftp|news|irc|xmpp|sip):/gi, '$1[:]')
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g, (quad) => quad.replaceAll('.', '[.]'))
    .replace(/(?<=[\p{L}\p{N}_-])\.(?=[\p{N}-]*\p{L}[\p{L}\p{N}-])/gu, '[.]')
