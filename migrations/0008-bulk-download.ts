import { sql, type Kysely } from 'kysely'

// Bulk download (issue 9): an org may turn off the documents card's "Bulk download" (the spec: it needs
// an account with the product and the organisation's customisation allowing it). On by default.
export async function up(db: Kysely<any>) {
  await sql`alter table portal_customizations add column bulk_download boolean not null default true`.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`alter table portal_customizations drop column bulk_download`.execute(db)
}
