import { sql, type Kysely } from 'kysely'

// What a visitor reads: orgs and their portal, products, cards and items, files, subprocessors,
// trusted-by companies, FAQs, updates; and the accounts that may see restricted content.
export async function up(db: Kysely<any>) {
  await sql`
    create table orgs (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      name text not null,
      website text,
      logo_url text,
      public_access_level text not null default 'Limited'
        check (public_access_level in ('Limited', 'PublicContentOnly', 'Minimal')),
      document_access_type text not null default 'view-and-download'
        check (document_access_type in ('view-only', 'view-and-download')),
      nda_type text not null default 'none' check (nda_type in ('none', 'clickwrap')),
      created_at timestamptz not null default now()
    );

    create table custom_domains (
      host text primary key,
      org_id uuid not null references orgs (id) on delete cascade
    );
    create index custom_domains_org_id on custom_domains (org_id);

    create table portal_customizations (
      org_id uuid primary key references orgs (id) on delete cascade,
      portal_title text not null default 'Trust Center',
      show_portal_title boolean not null default true,
      description text,
      support_mailbox text,
      security_mailbox text,
      contact_support jsonb not null default '{"onClickAction": "email", "url": null}',
      report_issue jsonb not null default '{"onClickAction": "email", "url": null}',
      access_request_fields jsonb not null default '{}',
      review_banner text not null default 'default' check (review_banner in ('none', 'default')),
      review_banner_information_text text,
      subscribe_enabled boolean not null default true,
      bulk_download_enabled boolean not null default true,
      scripts jsonb not null default '{}',
      cookie_banner jsonb not null default '{"show": false}',
      terms_url text,
      privacy_url text,
      revision integer not null default 1,
      updated_at timestamptz not null default now()
    );

    create table files (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      original_name text not null,
      content_type text not null,
      size_bytes integer not null,
      document_access_type text check (document_access_type in ('view-only', 'view-and-download')),
      created_by_name text,
      created_at timestamptz not null default now()
    );
    create index files_org_id on files (org_id);

    create table products (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      name text not null,
      is_default boolean not null default false,
      position integer not null default 0,
      section_order jsonb not null,
      section_config jsonb not null default '{}',
      banner_url text,
      revision integer not null default 1,
      updated_at timestamptz not null default now(),
      unique (org_id, slug)
    );

    create table cards (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      kind text not null,
      title text,
      hidden boolean not null default false,
      icon_file_id uuid references files (id) on delete set null,
      placeholder text,
      display_text text,
      position integer not null,
      updated_at timestamptz not null default now(),
      unique (product_id, kind)
    );

    create table items (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      uid text not null,
      card_kind text not null,
      catalogue_uid text,
      custom boolean not null default false,
      title text,
      enabled_state text not null default 'NotEnabled'
        check (enabled_state in ('NotEnabled', 'WorkInProgress', 'Enabled')),
      explanation text,
      href text,
      choice text,
      maturity text,
      recurrence text,
      auditor text,
      expires_on date,
      bridge_letter jsonb,
      public_access boolean not null default false,
      hidden boolean not null default false,
      featured boolean not null default false,
      integrations jsonb,
      list_entries jsonb,
      item_type text,
      position integer,
      slug text not null check (slug ~ '^[a-z0-9-]{1,99}$'),
      updated_at timestamptz not null default now(),
      updated_by_name text,
      unique (product_id, uid),
      unique (product_id, slug)
    );
    create index items_product_kind on items (product_id, card_kind);

    create table item_files (
      item_id uuid not null references items (id) on delete cascade,
      file_id uuid not null references files (id) on delete cascade,
      position integer not null default 0,
      primary key (item_id, file_id)
    );
    create index item_files_file_id on item_files (file_id);

    create table subprocessors (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      company_name text not null,
      company_domain text,
      logo_url text,
      purpose text,
      location text,
      additional_details text,
      position integer not null default 0,
      created_at timestamptz not null default now()
    );
    create index subprocessors_product_id on subprocessors (product_id);

    create table trusted_by_companies (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      source text not null check (source in ('Brandfetch', 'Clearbit', 'Addendum', 'Custom')),
      name text not null,
      domain text,
      logo_url text,
      company_id text,
      position integer not null default 0
    );
    create index trusted_by_companies_product_id on trusted_by_companies (product_id);

    create table faqs (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      question text not null,
      answer text not null,
      comment text,
      position integer not null default 0
    );
    create index faqs_product_id on faqs (product_id);

    create table update_topics (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      subject text not null,
      category text not null
        check (category in ('compliance', 'vulnerabilities', 'incidents', 'subprocessors', 'general')),
      hidden boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index update_topics_org_id on update_topics (org_id);

    create table updates (
      id uuid primary key default gen_random_uuid(),
      topic_id uuid not null references update_topics (id) on delete cascade,
      message text not null,
      audience text not null default 'public' check (audience in ('public', 'private')),
      channel_portal boolean not null default true,
      channel_email boolean not null default false,
      pinned boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index updates_topic_id on updates (topic_id);

    create table staff_members (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      email text not null check (email = lower(email)),
      name text not null,
      password_hash text,
      permissions jsonb not null default '[]',
      created_at timestamptz not null default now(),
      unique (org_id, email)
    );

    create table permission_profiles (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      name text not null,
      all_restricted boolean not null default false,
      card_kinds jsonb not null default '[]',
      item_uids jsonb not null default '[]',
      can_download boolean not null default true,
      created_at timestamptz not null default now()
    );

    create table accounts (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      name text not null,
      domains jsonb not null default '[]',
      created_at timestamptz not null default now()
    );
    create index accounts_org_id on accounts (org_id);

    create table account_products (
      account_id uuid not null references accounts (id) on delete cascade,
      product_id uuid not null references products (id) on delete cascade,
      permission_profile_id uuid not null references permission_profiles (id) on delete restrict,
      access_expires_at timestamptz not null,
      nda_required boolean not null default false,
      primary key (account_id, product_id)
    );

    create table account_members (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      account_id uuid not null references accounts (id) on delete cascade,
      email text not null check (email = lower(email)),
      first_name text not null,
      last_name text not null,
      is_auto_approved boolean not null default false,
      created_at timestamptz not null default now(),
      unique (org_id, email)
    );

    create table access_requests (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      product_id uuid references products (id) on delete set null,
      email text not null check (email = lower(email)),
      first_name text not null,
      last_name text not null,
      company_name text not null,
      job_title text,
      point_of_contact text,
      relationship text,
      country text,
      custom_checkbox boolean,
      subscribe boolean not null default false,
      item_uid text,
      source text,
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'declined', 'declined_third_party', 'declined_auto')),
      account_id uuid references accounts (id) on delete set null,
      decided_at timestamptz,
      decided_by text,
      created_at timestamptz not null default now()
    );
    create index access_requests_org_status on access_requests (org_id, status);

    create table audit_entries (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references orgs (id) on delete cascade,
      actor text not null,
      action text not null,
      target text,
      before jsonb,
      after jsonb,
      ip text,
      user_agent text,
      created_at timestamptz not null default now()
    );
    create index audit_entries_org_created on audit_entries (org_id, created_at desc);
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  for (const table of [
    'audit_entries',
    'access_requests',
    'account_members',
    'account_products',
    'accounts',
    'permission_profiles',
    'staff_members',
    'updates',
    'update_topics',
    'faqs',
    'trusted_by_companies',
    'subprocessors',
    'item_files',
    'items',
    'cards',
    'products',
    'files',
    'portal_customizations',
    'custom_domains',
    'orgs',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
