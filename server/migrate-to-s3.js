// `npm run files:migrate-to-s3`: copies DATA_DIR/files into the bucket the S3_* variables name
// (server/files/migrate-to-s3.ts). Build if needed; safe to run again, it sends only what the bucket lacks.
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const bundle = ensureBuilt('migrate-to-s3.js')
process.env.NODE_ENV ??= 'production'
const { runMigrateToS3 } = await import(pathToFileURL(bundle).href)
process.exitCode = await runMigrateToS3()
