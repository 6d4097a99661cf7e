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
  build: isSsrBuild ? { rollupOptions: { input: serverEntries }, target: 'node20' } : { target: 'es2022', rollupOptions: { output: { codeSplitting: publicPageChunk() } } },
  resolve: { alias: aliases },
  ssr: {
    // Native or wasm packages stay outside the bundle and load from node_modules.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pdf-lib'],
  },
  // The client build's text files get .br and .gz twins at build time, for server/http/static-files.ts to serve.
  plugins: [reactRouter(), entryFileNames(Object.keys(serverEntries).filter((name) => name !== 'index'))],
}))

/**
 * Our own modules a visitor's first load of the portal page needs (those the root and the portal route import
 * statically, not the route modules themselves) go in one chunk: a score of small files, each compressed on its
 * own, cost more bytes and requests than one (bench:portal). The libraries they import (React, React Router) go
 * in a chunk of their own first, or the group would pull them in; whatever loads on demand keeps its own chunks.
 */
function publicPageChunk() {
  const app = fileURLToPath(new URL('./app/', import.meta.url))
  const starts = ['root.tsx', 'routes/portal/portal.tsx'].map((file) => app + file)
  let closure: Set<string> | undefined
  type Context = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }
  const firstLoad = (id: string, context: Context) => {
    if (!closure) {
      closure = new Set()
      const queue = [...starts]
      while (queue.length) {
        const next = queue.pop()!
        if (closure.has(next)) continue
        closure.add(next)
        queue.push(...(context.getModuleInfo(next)?.importedIds ?? []))
      }
    }
    return closure.has(id)
  }
  const own = (id: string) => {
    const file = id.split('?')[0]
    return file.startsWith(app) && !file.startsWith(app + 'routes/') && file !== app + 'root.tsx'
  }
  return {
    groups: [
      { debugName: 'libraries', priority: 2, name: (id: string, context: Context) => (/[\\/]node_modules[\\/]/.test(id) && firstLoad(id, context) ? 'framework' : null) },
      { debugName: 'public page', priority: 1, name: (id: string, context: Context) => (own(id) && firstLoad(id, context) ? 'portal-shared' : null) },
    ],
  }
}

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
