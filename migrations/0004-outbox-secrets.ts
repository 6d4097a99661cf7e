import { sql, type Kysely } from 'kysely'

// Single-use links leave the stored mail (docs/decisions/010): the bodies keep a placeholder, the tokens wait
// in `secrets` until the worker hands the mail over, then are dropped. Invitation links already stored are
// moved out the same way: kept for a mail still to send, dropped from one already sent, held or failed.
export async function up(db: Kysely<any>) {
  await sql`
    alter table outbox add column secrets text[] not null default '{}';
    update outbox set
      secrets = case when status in ('pending', 'sending')
        then array[substring(text_body from '/invite/([A-Za-z0-9_-]{20,100})')] else '{}' end,
      text_body = regexp_replace(text_body, '/invite/[A-Za-z0-9_-]{20,100}', '/invite/[redacted:1]', 'g'),
      html_body = regexp_replace(html_body, '/invite/[A-Za-z0-9_-]{20,100}', '/invite/[redacted:1]', 'g')
    where text_body ~ '/invite/[A-Za-z0-9_-]{20,100}';
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('outbox').dropColumn('secrets').execute()
}
