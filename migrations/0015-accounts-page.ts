import { sql, type Kysely } from 'kysely'

// The accounts page a page at a time (issue 21, npm run bench:accounts): the org's accounts in the order
// they are listed, so a page reads its rows off the index; members by account (nothing indexed them but
// their e-mail), for each shown account's members and the member search; access by profile, for the
// profiles' "Used by" counts.
export async function up(db: Kysely<any>) {
  await sql`
    create index accounts_org_name on accounts (org_id, name, created_at, id);
    drop index accounts_org_id;
    create index account_members_account on account_members (account_id, created_at);
    create index account_products_profile on account_products (permission_profile_id);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    drop index account_products_profile;
    drop index account_members_account;
    create index accounts_org_id on accounts (org_id);
    drop index accounts_org_name;
  `.execute(db)
}
