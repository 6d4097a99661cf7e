import { sql, type Kysely } from 'kysely'

// Trust updates by e-mail (PRODUCT.md section 4): subscribers with double opt-in, the org's blocked
// addresses and domains, and update sends: one row per update e-mailed, expanded into one outbox row
// per recipient in bounded batches; the unique (send, recipient) index makes a re-run after a crash add
// nobody twice, and the outbox row id is the provider's idempotency key.
export async function up(db: Kysely<any>) {
  await sql`
    create table subscribers (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      email text not null check (email = lower(email)),
      source text not null
        check (source in ('direct_link', 'subscribe_button', 'trust_center_updates_button', 'access_request', 'staff')),
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
      confirm_token_hash text unique,
      confirm_sent_at timestamptz,
      confirmed_at timestamptz,
      unsubscribed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (org_id, email)
    );
    create index subscribers_org_status on subscribers (org_id, status, email);

    create table subscriber_blocks (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      pattern text not null check (pattern = lower(pattern)),
      kind text not null check (kind in ('email', 'domain')),
      created_by text not null,
      created_at timestamptz not null default now(),
      unique (org_id, pattern)
    );

    create table update_sends (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      update_id uuid not null references updates (id) on delete cascade,
      audience text not null check (audience in ('subscribers', 'list')),
      audience_emails jsonb not null default '[]',
      status text not null default 'expanding' check (status in ('expanding', 'queued')),
      expanded_through text,
      recipients integer not null default 0,
      created_by text not null,
      created_at timestamptz not null default now(),
      expanded_at timestamptz
    );
    create index update_sends_update on update_sends (update_id);
    create index update_sends_expanding on update_sends (status) where status = 'expanding';

    alter table outbox add column update_send_id uuid references update_sends (id) on delete set null;
    create unique index outbox_update_recipient on outbox (update_send_id, recipient) where update_send_id is not null;
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    drop index outbox_update_recipient;
    alter table outbox drop column update_send_id;
    drop table update_sends;
    drop table subscriber_blocks;
    drop table subscribers;
  `.execute(db)
}
