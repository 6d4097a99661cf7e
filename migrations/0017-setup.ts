import { sql, type Kysely } from 'kysely'

// First start on an empty database (issue 23): the one-time setup link's token, kept hashed until the first
// org is created from it; and whether an org's staff dismissed the "Getting started" checklist.
export async function up(db: Kysely<any>) {
  await sql`
    create table setup_tokens (
      token_hash text primary key,
      created_at timestamptz not null default now()
    );
    alter table orgs add column getting_started_dismissed_at timestamptz;
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    alter table orgs drop column getting_started_dismissed_at;
    drop table setup_tokens;
  `.execute(db)
}
