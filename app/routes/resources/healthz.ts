import { sql } from 'kysely'
import type { Route } from './+types/healthz'

export async function loader({ context }: Route.LoaderArgs) {
  const started = performance.now()
  try {
    await sql`select 1`.execute(context.db)
    const latencyMs = Math.round((performance.now() - started) * 10) / 10
    return Response.json({ status: 'ok', database: { status: 'up', latencyMs } }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'error', database: { status: 'down' } }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
