import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export const aliases = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  '@db': fileURLToPath(new URL('./db', import.meta.url)),
  '@migrations': fileURLToPath(new URL('./migrations', import.meta.url)),
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our own request listener, which wraps React Router's.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : { target: 'es2022' },
  resolve: { alias: aliases },
  ssr: {
    // Native or wasm packages stay outside the bundle and load from node_modules.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pdf-lib', 'sirv'],
  },
  plugins: [reactRouter()],
}))
