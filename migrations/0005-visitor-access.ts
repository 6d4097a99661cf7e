import { sql, type Kysely } from 'kysely'

// Visitor access (PRODUCT.md section 3): the org's access settings, login links and visitor sessions,
// NDA signatures, colleague invitations, extend-access requests and comments on items.
export async function up(db: Kysely<any>) {
  await sql`
    alter table portal_customizations
      add column blocked_domains jsonb not null default '[]',
      add column free_mail_domains jsonb not null default '[]',
      add column auto_approve text not null default 'never' check (auto_approve in ('never', 'domains', 'always')),
      add column auto_approve_domains jsonb not null default '[]',
      add column auto_approve_profile_id uuid references permission_profiles (id) on delete set null,
      add column default_access_days integer not null default 365 check (default_access_days between 1 and 3650),
      add column nda_text text,
      add column nda_scope text not null default 'account' check (nda_scope in ('account', 'member')),
      add column comments_enabled boolean not null default false;

    alter table access_requests
      add column kind text not null default 'access' check (kind in ('access', 'extend')),
      add column member_id uuid references account_members (id) on delete cascade,
      add column invite_id uuid;
    -- One open request per address and org: two submissions racing cannot both become pending.
    create unique index access_requests_one_pending on access_requests (org_id, email) where status = 'pending';

    -- When members were told this product's access is about to end; cleared when the expiry changes.
    alter table account_products add column expiry_notice_sent_at timestamptz;

    alter table account_members
      add column welcomed_at timestamptz,
      add column invited_by uuid references account_members (id) on delete set null;

    create table visitor_login_links (
      token_hash text primary key,
      org_id uuid not null references orgs (id) on delete cascade,
      member_id uuid not null references account_members (id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index visitor_login_links_member on visitor_login_links (member_id);

    create table visitor_sessions (
      id text primary key,
      org_id uuid not null references orgs (id) on delete cascade,
      member_id uuid not null references account_members (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ip text,
      user_agent text
    );
    create index visitor_sessions_member on visitor_sessions (member_id);

    create table nda_signatures (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      account_id uuid not null references accounts (id) on delete cascade,
      member_id uuid references account_members (id) on delete set null,
      signer_name text not null,
      signer_email text not null,
      nda_version text not null check (nda_version ~ '^[0-9a-f]{64}$'),
      nda_text text not null,
      ip text,
      user_agent text,
      signed_at timestamptz not null default now()
    );
    create index nda_signatures_account on nda_signatures (account_id, nda_version);

    create table account_invites (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      account_id uuid not null references accounts (id) on delete cascade,
      invited_by uuid references account_members (id) on delete set null,
      email text not null check (email = lower(email)),
      message text,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index account_invites_account on account_invites (account_id);

    create table item_comments (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      product_id uuid not null references products (id) on delete cascade,
      item_uid text not null,
      account_id uuid not null references accounts (id) on delete cascade,
      member_id uuid references account_members (id) on delete set null,
      staff_member_id uuid references staff_members (id) on delete set null,
      author_name text not null,
      content text not null,
      created_at timestamptz not null default now()
    );
    create index item_comments_thread on item_comments (product_id, item_uid, account_id, created_at);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    drop table item_comments;
    drop table account_invites;
    drop table nda_signatures;
    drop table visitor_sessions;
    drop table visitor_login_links;
    alter table account_members drop column welcomed_at, drop column invited_by;
    alter table account_products drop column expiry_notice_sent_at;
    drop index access_requests_one_pending;
    alter table access_requests drop column kind, drop column member_id, drop column invite_id;
    alter table portal_customizations
      drop column blocked_domains, drop column free_mail_domains, drop column auto_approve, drop column auto_approve_domains,
      drop column auto_approve_profile_id, drop column default_access_days, drop column nda_text, drop column nda_scope,
      drop column comments_enabled;
  `.execute(db)
}
