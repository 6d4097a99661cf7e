import { sql, type Kysely } from 'kysely'

// Search, the knowledge base, AI answers and the visitor widgets (issue 10).
//
// search_entries holds the searchable text of an org's portal: one row per item, subprocessor, FAQ entry,
// trust update and document (page 0 is the document's name, pages 1.. its text). It holds text only: who
// may see a row is decided at query time by joining the live rows it points at (server/search/query.ts),
// so a change of access never waits for the index. Rows are rewritten in the transaction of every edit
// (server/search/index-content.ts, called where revisions are bumped); a source row's delete cascades.
//
// Three org settings: AI answers (off until staff opt in: questions and the content that answers them go
// to Anthropic), questionnaires and the TPRM export (on, as the spec's customisations default).
// Two staff scopes: the knowledge base, for those who edit the portal, and questionnaires, for those who
// manage accounts (decision 010: a member hands on only what they hold, so existing holders get them).
export async function up(db: Kysely<any>) {
  await sql`
    create table search_entries (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      product_id uuid references products (id) on delete cascade,
      kind text not null check (kind in ('item', 'subprocessor', 'faq', 'update', 'document')),
      item_id uuid references items (id) on delete cascade,
      subprocessor_id uuid references subprocessors (id) on delete cascade,
      faq_id uuid references faqs (id) on delete cascade,
      update_id uuid references updates (id) on delete cascade,
      file_id uuid references files (id) on delete cascade,
      page integer not null default 0,
      title text not null,
      body text not null,
      tsv tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
      ) stored,
      title_tsv tsvector generated always as (to_tsvector('english', title)) stored,
      check (num_nonnulls(item_id, subprocessor_id, faq_id, update_id, file_id) = 1)
    );
    create index search_entries_tsv on search_entries using gin (tsv);
    create index search_entries_title_tsv on search_entries using gin (title_tsv);
    create index search_entries_org_kind on search_entries (org_id, kind);
    create unique index search_entries_item on search_entries (item_id) where item_id is not null;
    create unique index search_entries_subprocessor on search_entries (subprocessor_id) where subprocessor_id is not null;
    create unique index search_entries_faq on search_entries (faq_id) where faq_id is not null;
    create unique index search_entries_update on search_entries (update_id) where update_id is not null;
    create unique index search_entries_file_page on search_entries (file_id, page) where file_id is not null;

    alter table files add column text_status text not null default 'none'
      check (text_status in ('none', 'pending', 'done', 'failed'));
    update files set text_status = 'pending' where content_type = 'application/pdf';
    create index files_text_pending on files (created_at) where text_status = 'pending';

    alter table portal_customizations add column ai_answers_enabled boolean not null default false;
    alter table portal_customizations add column questionnaires_enabled boolean not null default true;
    alter table portal_customizations add column tprm_enabled boolean not null default true;

    update staff_members set permissions = permissions || '["knowledge-base"]'::jsonb
    where permissions ? 'statuspage:edit' and not permissions ? 'knowledge-base';
    update staff_members set permissions = permissions || '["questionnaires"]'::jsonb
    where permissions ? 'accounts' and not permissions ? 'questionnaires';
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    update staff_members set permissions = permissions - 'questionnaires' - 'knowledge-base';
    alter table portal_customizations drop column tprm_enabled;
    alter table portal_customizations drop column questionnaires_enabled;
    alter table portal_customizations drop column ai_answers_enabled;
    drop index files_text_pending;
    alter table files drop column text_status;
    drop table search_entries;
  `.execute(db)
}
