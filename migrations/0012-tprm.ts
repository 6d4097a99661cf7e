import { sql, type Kysely } from 'kysely'

// "Send data to TPRM tool" (issue 10, spec section 2.7): the third-party risk tools an org lets its account
// members send their data to, and the tokens those tools fetch it with (docs/trust-data.md).
//
// A token is shown once and kept as its SHA-256 only, so a copy of the table lets nobody fetch anything.
// It stands for the member who made it: the member's account access is read again on every fetch, so
// revoking or expiring that access (or removing the member, which deletes the token) takes effect at once.
export async function up(db: Kysely<any>) {
  await sql`
    create table tprm_partners (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      domain text not null check (domain = lower(domain) and length(domain) between 3 and 253),
      created_at timestamptz not null default now()
    );
    create unique index tprm_partners_org_domain on tprm_partners (org_id, domain);

    create table tprm_tokens (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      account_id uuid not null references accounts (id) on delete cascade,
      member_id uuid not null references account_members (id) on delete cascade,
      partner_id uuid not null references tprm_partners (id) on delete cascade,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index tprm_tokens_member on tprm_tokens (member_id);
    create index tprm_tokens_partner on tprm_tokens (partner_id);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    drop table tprm_tokens;
    drop table tprm_partners;
  `.execute(db)
}
