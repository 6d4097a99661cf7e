// DEFAULT_ORG (issue 22): naming no org stops the boot with a message that says which orgs there are;
// naming one serves it at `/` on the deployment's host.
import { afterEach, describe, expect, it } from 'vitest'
import { BACKENDS } from '../setup/database'
import { startServer, type RunningServer } from '../setup/server'

for (const backend of BACKENDS) {
  describe(`DEFAULT_ORG at boot (${backend})`, () => {
    let server: RunningServer | undefined
    afterEach(async () => {
      await server?.stop()
      server = undefined
    })

    it('stops the boot when it names no org, naming the orgs there are', { timeout: 90_000 }, async () => {
      const started = startServer(backend, { DEFAULT_ORG: 'northwnd' })
      await expect(started).rejects.toThrow(/Invalid environment:\n {2}- DEFAULT_ORG: "northwnd" names no org: set it to an org's slug \([^)]*\bnorthwind\b[^)]*\), or unset it/)
    })

    it("serves the org it names at the deployment's root", { timeout: 90_000 }, async () => {
      server = await startServer(backend, { DEFAULT_ORG: 'northwind' })
      const home = await fetch(`${server.url}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('Northwind Cloud')
    })
  })
}
