import { sql, type Kysely } from 'kysely'

// A company's portal address can change (issue 23): the slugs it used before keep answering, with a 301 to
// the new address, so links already shared keep working. A slug is an org's, now or once: no other org may
// take it while it redirects (the primary key), and an org that takes back an old slug of its own removes
// the row. Deleting the org frees its old slugs.
export async function up(db: Kysely<any>) {
  await sql`
    create table org_slug_redirects (
      slug text primary key,
      org_id uuid not null references orgs (id) on delete cascade,
      retired_at timestamptz not null default now()
    );
    create index org_slug_redirects_org_id on org_slug_redirects (org_id);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`drop table org_slug_redirects;`.execute(db)
}
