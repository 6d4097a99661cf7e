import { sql, type Kysely } from 'kysely'

// Products staff manage themselves (issue 23 item 4): each with its own uploaded banner and an optional
// terms link; the slugs a product had before, so shared /product/{old} links answer 301 to the new one;
// exactly one default product per org. Company logos staff upload for trusted-by and subprocessors
// (item 7) are files of the org, served publicly as portal content.
export async function up(db: Kysely<any>) {
  await sql`
    alter table products
      add column banner_file_id uuid references files (id) on delete set null,
      add column terms_url text check (length(terms_url) <= 2000 and terms_url ~ '^https?://');

    create unique index products_one_default on products (org_id) where is_default;

    create table product_slug_redirects (
      org_id uuid not null references orgs (id) on delete cascade,
      old_slug text not null check (old_slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      product_id uuid not null references products (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (org_id, old_slug)
    );
    create index product_slug_redirects_product_id on product_slug_redirects (product_id);

    alter table trusted_by_companies add column logo_file_id uuid references files (id) on delete set null;
    alter table subprocessors add column logo_file_id uuid references files (id) on delete set null;
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`
    alter table subprocessors drop column logo_file_id;
    alter table trusted_by_companies drop column logo_file_id;
    drop table product_slug_redirects;
    drop index products_one_default;
    alter table products drop column terms_url, drop column banner_file_id;
  `.execute(db)
}
