import { z } from 'zod'

// zod, as every form schema uses it. zod 4 probes for `new Function` on its first object parse, to compile
// faster parsers; the Content-Security-Policy forbids eval, so in the browser the probe is a policy
// violation (reported, then caught by zod). Parsing without it costs nothing at the size of our forms.
z.config({ jitless: true })

export { z }
