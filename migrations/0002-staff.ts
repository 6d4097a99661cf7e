import { sql, type Kysely } from 'kysely'

// Staff sign-in and the workspace: sessions, invitations, login throttling, the e-mail outbox.
export async function up(db: Kysely<any>) {
  await sql`
    create table staff_sessions (
      id text primary key,
      staff_member_id uuid not null references staff_members (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ip text,
      user_agent text
    );
    create index staff_sessions_member on staff_sessions (staff_member_id);

    create table staff_invites (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      email text not null check (email = lower(email)),
      name text,
      permissions jsonb not null default '[]',
      token_hash text not null unique,
      invited_by text not null,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index staff_invites_org on staff_invites (org_id);

    create table rate_limits (
      key text primary key,
      hits integer not null,
      window_started_at timestamptz not null
    );

    create table outbox (
      id uuid primary key default gen_random_uuid(),
      org_id uuid references orgs (id) on delete cascade,
      recipient text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      headers jsonb not null default '{}',
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'held')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      locked_until timestamptz,
      last_error text,
      provider_message_id text,
      sent_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index outbox_due on outbox (status, next_attempt_at);

    alter table items add column created_at timestamptz not null default now();
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('items').dropColumn('created_at').execute()
  for (const table of ['outbox', 'rate_limits', 'staff_invites', 'staff_sessions']) await db.schema.dropTable(table).execute()
}
