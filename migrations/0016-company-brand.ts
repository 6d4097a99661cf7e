import { sql, type Kysely } from 'kysely'

// A company's own brand on its portal (issue 23): the logo and favicon it uploads (files of the org, served
// publicly as its brand), and the colour its buttons, banner, links and e-mails use. The logo's address stays
// in orgs.logo_url (the demo's is a built-in image); an uploaded one is a file of the org's.
export async function up(db: Kysely<any>) {
  await sql`
    alter table orgs
      add column brand_color text check (brand_color ~ '^#[0-9a-f]{6}$'),
      add column logo_file_id uuid references files (id) on delete set null,
      add column favicon_file_id uuid references files (id) on delete set null;
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    alter table orgs drop column favicon_file_id, drop column logo_file_id, drop column brand_color;
  `.execute(db)
}
