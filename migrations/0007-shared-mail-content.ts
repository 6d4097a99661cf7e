import { sql, type Kysely } from 'kysely'

// A mail sent to many recipients (an update e-mailed to every subscriber) is stored once, not once per
// recipient (decision 015): 100,000 copies of a 6 KB branded body were 600 MB written in the fan-out and
// kept in the database. An outbox row has its own subject and bodies, or points at shared content; its
// single-use tokens stay in the row (`secrets`), so the shared content holds only `[redacted:n]`.
// An update send keeps the content it was first expanded with, so editing the update half-way does not
// change what later recipients get. Neither a foreign key nor an index on outbox.content_id: every
// fan-out row would pay for them (15% of the enqueue on PGlite), and the one delete of content (an update
// whose mails were all cancelled, server/updates/manage.ts) checks for rows itself, under the send's lock.
export async function up(db: Kysely<any>) {
  await sql`
    create table outbox_contents (
      id uuid primary key default gen_random_uuid(),
      subject text not null,
      text_body text not null,
      html_body text,
      headers jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    alter table outbox add column content_id uuid;
    alter table outbox alter column subject drop not null;
    alter table outbox alter column text_body drop not null;
    alter table outbox add constraint outbox_own_or_shared_content
      check ((content_id is null) = (subject is not null and text_body is not null));
    alter table update_sends add column content_id uuid references outbox_contents (id);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    alter table update_sends drop column content_id;
    update outbox set subject = c.subject, text_body = c.text_body, html_body = c.html_body, headers = c.headers
      from outbox_contents c where outbox.content_id = c.id;
    alter table outbox drop constraint outbox_own_or_shared_content;
    alter table outbox drop column content_id;
    alter table outbox alter column subject set not null;
    alter table outbox alter column text_body set not null;
    drop table outbox_contents;
  `.execute(db)
}
