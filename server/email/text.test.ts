import { describe, expect, it } from 'vitest'
import { unlinked } from './text'

describe('unlinked', () => {
  it.each([
    ['see https://evil.example/login?x=1 now', 'see https[:]//evil[.]example/login?x=1 now'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['write to billing@evil.co.uk', 'write to billing@evil[.]co[.]uk'],
    ['mailto:a@b.example', 'mailto[:]a@b[.]example'],
    ['http://10.0.0.1:8080/a and 203.0.113.9', 'http[:]//10[.]0[.]0[.]1:8080/a and 203[.]0[.]113[.]9'],
    ['visit evil.com. Thanks.', 'visit evil[.]com. Thanks.'],
    ['xn--bcher-kva.example', 'xn--bcher-kva[.]example'],
    // Browsers read these dots in a host name as dots; invisible characters only hide a dot from the rule.
    ['evil\u3002example and evil\uff0eexample and evil\uff61example', 'evil[.]example and evil[.]example and evil[.]example'],
    ['evil\u200b.example, evil.\u200dexample, evil.\u00adexample, e\u2060vil.example', 'evil[.]example, evil[.]example, evil[.]example, evil[.]example'],
  ])('breaks the links a mail client would make of %s', (text, expected) => {
    expect(unlinked(text)).toBe(expected)
  })

  it('leaves ordinary prose alone', () => {
    const prose = 'Note: v1.2 is out, e.g. 3.5 MB. Thanks!\nBye'
    expect(unlinked(prose)).toBe(prose)
  })
})
