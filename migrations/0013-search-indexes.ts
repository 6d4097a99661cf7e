import { sql, type Kysely } from 'kysely'

// Search's text index split by group (issue 10, npm run bench:search). A search ranks at most a few hundred
// matches per group (server/search/query.ts); one GIN index over every row made each group's lookup build
// the list of all matching rows first, document pages included (81 % of the bench's 100,000 rows): some
// 10 ms per group for a common word. One partial index per group holds only that group's rows.
export async function up(db: Kysely<any>) {
  await sql`
    create index search_entries_tsv_items on search_entries using gin (tsv) where kind in ('item', 'subprocessor');
    create index search_entries_tsv_faqs on search_entries using gin (tsv) where kind = 'faq';
    create index search_entries_tsv_updates on search_entries using gin (tsv) where kind = 'update';
    create index search_entries_tsv_files on search_entries using gin (tsv) where file_id is not null;
    drop index search_entries_tsv;
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    create index search_entries_tsv on search_entries using gin (tsv);
    drop index search_entries_tsv_files;
    drop index search_entries_tsv_updates;
    drop index search_entries_tsv_faqs;
    drop index search_entries_tsv_items;
  `.execute(db)
}
