import { sql, type Kysely } from 'kysely'

// Questionnaires (issue 10): an account member hands the org a security questionnaire to fill in, as a
// file or a link, and staff holding `questionnaires` answer it. The file's bytes go to the content-addressed
// file store like every upload, but not into `files`: that table is the staff documents library, and a
// customer's questionnaire must never be linked to an item or published by mistake.
//
// The submitter's e-mail and name are kept beside member_id, so the list still says who asked after the
// member was removed (member_id then goes null, and no answer mail is sent).
export async function up(db: Kysely<any>) {
  await sql`
    create table questionnaires (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      account_id uuid not null references accounts (id) on delete cascade,
      member_id uuid references account_members (id) on delete set null,
      member_email text not null,
      member_name text not null,
      product_id uuid references products (id) on delete set null,
      kind text not null check (kind in ('file', 'link')),
      file_sha256 text check (file_sha256 ~ '^[0-9a-f]{64}$'),
      file_name text check (char_length(file_name) <= 200),
      file_content_type text,
      file_size_bytes integer check (file_size_bytes > 0),
      link_url text check (char_length(link_url) <= 2000 and link_url ~* '^https?://'),
      note text check (char_length(note) <= 2000),
      status text not null default 'submitted' check (status in ('submitted', 'answered')),
      answer text check (char_length(answer) <= 5000),
      answered_by_name text,
      answered_at timestamptz,
      created_at timestamptz not null default now(),
      check (
        (kind = 'file' and file_sha256 is not null and file_name is not null and file_content_type is not null and file_size_bytes is not null and link_url is null)
        or (kind = 'link' and link_url is not null and file_sha256 is null)
      ),
      check ((status = 'answered') = (answer is not null and answered_at is not null))
    );
    create index questionnaires_org on questionnaires (org_id, created_at desc);
    create index questionnaires_account on questionnaires (account_id, created_at desc);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`drop table questionnaires`.execute(db)
}
