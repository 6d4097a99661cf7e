import { sql, type Kysely } from 'kysely'

// Document analytics (issue 9) is a staff scope of its own, `analytics`. A member hands on only the
// permissions they hold (decision 010), so in a workspace that existed before the scope nobody could
// grant it. Members who hold `audit` already read every view and download in the audit log, the same
// rows analytics counts: they get the new scope, and can hand it on. The demo seed lists it itself.
export async function up(db: Kysely<any>) {
  await sql`
    update staff_members set permissions = permissions || '["analytics"]'::jsonb
    where permissions ? 'audit' and not permissions ? 'analytics'
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`update staff_members set permissions = permissions - 'analytics'`.execute(db)
}
