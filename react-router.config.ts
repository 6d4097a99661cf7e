import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { precompress } from './server/precompress.ts'

export default {
  appDirectory: 'app',
  ssr: true,
  // Built files are compressed once, after the whole build: the browser manifest React Router writes last too.
  async buildEnd({ reactRouterConfig }) {
    const totals = await precompress(path.join(reactRouterConfig.buildDirectory, 'client'))
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
    console.log(`precompressed ${totals.files} files: ${kb(totals.bytes)}, brotli ${kb(totals.br)}, gzip ${kb(totals.gzip)}`)
  },
} satisfies Config
