import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

export const aliases = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  '@db': fileURLToPath(new URL('./db', import.meta.url)),
  '@migrations': fileURLToPath(new URL('./migrations', import.meta.url)),
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entries: our own request listener, which wraps React Router's, and the e-mail
  // worker run as its own process (server/worker.js), which loads none of the web app.
  build: isSsrBuild ? { rollupOptions: { input: { index: './server/app.ts', worker: './server/worker-main.ts' } }, target: 'node20' } : { target: 'es2022' },
  resolve: { alias: aliases },
  ssr: {
    // Native or wasm packages stay outside the bundle and load from node_modules.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pdf-lib'],
  },
  // The client build's text files get .br and .gz twins at build time, for server/http/static-files.ts to serve.
  plugins: [reactRouter(), workerEntryName()],
}))

/**
 * React Router names every server entry after its one build file (index.js, then index2.js): the worker's
 * entry is written as build/server/worker.js instead, beside index.js, so its imports still resolve.
 */
function workerEntryName(): Plugin {
  return {
    name: 'trust-center:worker-entry-name',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk' || !output.isEntry || output.name !== 'worker' || fileName === 'worker.js') continue
        delete bundle[fileName]
        this.emitFile({ type: 'asset', fileName: 'worker.js', source: output.code })
      }
    },
  }
}
