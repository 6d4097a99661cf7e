import { sql, type Kysely } from 'kysely'

// Anonymous views and downloads as counts (issue 21): one row per document, item, action and UTC day, not
// an audit entry per fetch. App servers add their counts in batches (`count = count + excluded.count`);
// account members' fetches stay audit entries. The public's entries logged so far are counted here once,
// so analytics reads the public from this table only. No foreign keys, as for the audit log (0008).
export async function up(db: Kysely<any>) {
  await sql`
    create table public_document_fetches (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null,
      day date not null,
      action text not null check (action in ('file.view', 'file.download')),
      -- The stored file's id, or 'letter:{itemUid}' for a generated bridge letter (as analytics names them).
      document text not null,
      file_id uuid,
      item_uid text,
      via text,
      crawler boolean not null,
      -- The document's name as last fetched, for a file deleted since.
      name text not null,
      count integer not null check (count > 0),
      last_fetched_at timestamptz not null
    );
    create unique index public_document_fetches_key on public_document_fetches (org_id, day, action, document, item_uid, via, crawler) nulls not distinct;
    insert into public_document_fetches (org_id, day, action, document, file_id, item_uid, via, crawler, name, count, last_fetched_at)
      select org_id, (created_at at time zone 'UTC')::date, action, coalesce(file_id::text, target), file_id, item_uid, after->>'via', actor <> 'Public',
        coalesce((array_agg(after->>'name' order by created_at desc))[1], ''), count(*), max(created_at)
      from audit_entries
      where action in ('file.view', 'file.download') and account_id is null and actor in ('Public', 'Public (bot)')
      group by org_id, (created_at at time zone 'UTC')::date, action, coalesce(file_id::text, target), file_id, item_uid, after->>'via', actor <> 'Public';
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`drop table public_document_fetches`.execute(db)
}
