import { sql, type Kysely } from 'kysely'

// Custom domains verified by DNS (issue 23 item 6): a domain is added pending, with a token staff publish in a
// TXT record at `_trust-center.{host}`; it is served only once a check finds the token (verified). One verified
// domain per org may be primary: links and the deployment-host address lead there. Rows from before this
// migration were served unverified: they stay served (verified, checked now). Several orgs may claim a host
// (a claim nobody can verify must not keep its owner from it); one row per host may be verified.
export async function up(db: Kysely<any>) {
  await sql`
    alter table custom_domains
      add column status text not null default 'verified' check (status in ('pending', 'verified', 'failed')),
      add column token text,
      add column is_primary boolean not null default false,
      add column failure_reason text check (failure_reason in ('no-record', 'wrong-value', 'lookup-error')),
      add column checked_at timestamptz,
      add column next_check_at timestamptz,
      add column check_attempts integer not null default 0,
      add column verified_at timestamptz,
      add column created_at timestamptz not null default now(),
      add constraint custom_domains_primary_verified check (not is_primary or status = 'verified');
  `.execute(db)
  // gen_random_uuid is core PostgreSQL (13+) and PGlite: 122 random bits, as unguessable as a new token.
  await sql`update custom_domains set token = replace(gen_random_uuid()::text, '-', ''), checked_at = now(), verified_at = now()`.execute(db)
  await sql`
    alter table custom_domains
      alter column status set default 'pending',
      alter column token set not null;
    alter table custom_domains drop constraint custom_domains_pkey;
    alter table custom_domains add primary key (org_id, host);
    create unique index custom_domains_verified_host on custom_domains (host) where status = 'verified';
    create index custom_domains_host on custom_domains (host);
    create unique index custom_domains_one_primary on custom_domains (org_id) where is_primary;
    create index custom_domains_due on custom_domains (next_check_at) where status <> 'verified';
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    drop index custom_domains_due;
    drop index custom_domains_one_primary;
    drop index custom_domains_host;
    drop index custom_domains_verified_host;
    delete from custom_domains where status <> 'verified';
    alter table custom_domains drop constraint custom_domains_pkey;
    alter table custom_domains add primary key (host);
    alter table custom_domains
      drop constraint custom_domains_primary_verified,
      drop column created_at, drop column verified_at, drop column check_attempts, drop column next_check_at,
      drop column checked_at, drop column failure_reason, drop column is_primary, drop column token, drop column status;
  `.execute(db)
}
