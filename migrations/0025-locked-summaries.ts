import { sql, type Kysely } from 'kysely'

// Locked content has a next step (issue 24 items 3 and 4, docs/decisions/057-request-dialog-and-locked-content.md):
// what staff choose to tell visitors without access about an item or document (a one-line summary, a type, a
// date), shown in place of the withheld content; and how soon the org usually answers a request, which the
// Request Access dialog states.
export async function up(db: Kysely<any>) {
  await sql`
    alter table items
      add column locked_summary text check (char_length(locked_summary) <= 200),
      add column locked_type text check (char_length(locked_type) <= 60),
      add column locked_date date;

    alter table portal_customizations
      add column review_days integer not null default 2 check (review_days between 1 and 30);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    alter table portal_customizations drop column review_days;
    alter table items drop column locked_summary, drop column locked_type, drop column locked_date;
  `.execute(db)
}
