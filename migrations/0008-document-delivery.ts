import { sql, type Kysely } from 'kysely'

// Documents delivery (issue 9). Watermarking is an org setting, on by default. Every document that leaves
// the portal is already an audit entry (file.view, file.download); analytics counts those same rows, so
// they say whose account and member fetched it and which document and item, in columns of their own.
// No foreign keys: the log outlives the accounts, members and files it names (their names stay in
// `after`), and a view or download must not wait on another table's locks.
export async function up(db: Kysely<any>) {
  await sql`
    alter table portal_customizations add column watermark_enabled boolean not null default true;
    alter table audit_entries add column account_id uuid;
    alter table audit_entries add column member_id uuid;
    alter table audit_entries add column file_id uuid;
    alter table audit_entries add column item_uid text;
    create index audit_entries_documents on audit_entries (org_id, created_at) where action in ('file.view', 'file.download');
    create index audit_entries_account_documents on audit_entries (account_id, created_at) where account_id is not null;
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    drop index audit_entries_account_documents;
    drop index audit_entries_documents;
    alter table audit_entries drop column item_uid;
    alter table audit_entries drop column file_id;
    alter table audit_entries drop column member_id;
    alter table audit_entries drop column account_id;
    alter table portal_customizations drop column watermark_enabled;
  `.execute(db)
}
