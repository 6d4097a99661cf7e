import { sql, type Kysely } from 'kysely'

// Sign-in throttling (docs/decisions/009): a (e-mail, address) pair waits a growing delay between attempts,
// and rows whose windows ended are swept by age. The old failure-only counters go.
export async function up(db: Kysely<any>) {
  await sql`
    alter table rate_limits add column next_attempt_at timestamptz;
    create index rate_limits_window on rate_limits (window_started_at);
    delete from rate_limits where key like 'login:%';
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('rate_limits_window').execute()
  await db.schema.alterTable('rate_limits').dropColumn('next_attempt_at').execute()
}
