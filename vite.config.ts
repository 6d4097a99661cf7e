import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

export const aliases = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  '@db': fileURLToPath(new URL('./db', import.meta.url)),
  '@migrations': fileURLToPath(new URL('./migrations', import.meta.url)),
}

// The server bundle's entries: our own request listener, which wraps React Router's; the e-mail worker run
// as its own process (server/worker.js); the command copying local files into S3 (server/migrate-to-s3.js);
// the backup and restore commands (server/backup.js, server/restore.js); `npm run setup` and `npm run org:delete`
// (server/setup.js, server/org-delete.js). The commands load none of the web app.
const serverEntries = {
  index: './server/http/app.ts',
  worker: './server/worker-main.ts',
  'migrate-to-s3': './server/files/migrate-to-s3.ts',
  backup: './server/backup/cli.ts',
  'org-commands': './server/orgs/commands.ts',
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: serverEntries }, target: 'node20' } : { target: 'es2022' },
  resolve: { alias: aliases },
  ssr: {
    // Native or wasm packages stay outside the bundle and load from node_modules.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pdf-lib'],
  },
  // The client build's text files get .br and .gz twins at build time, for server/http/static-files.ts to serve.
  plugins: [reactRouter(), entryFileNames(Object.keys(serverEntries).filter((name) => name !== 'index'))],
}))

/**
 * React Router names every server entry after its one build file (index.js, then index2.js): each named
 * entry is written as build/server/<name>.js instead, beside index.js, so its imports still resolve.
 */
function entryFileNames(names: string[]): Plugin {
  return {
    name: 'trust-center:entry-file-names',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk' || !output.isEntry || !names.includes(output.name) || fileName === `${output.name}.js`) continue
        delete bundle[fileName]
        this.emitFile({ type: 'asset', fileName: `${output.name}.js`, source: output.code })
      }
    },
  }
}
