import { sql, type Kysely } from 'kysely'

// An org's share image and favicon as last drawn (issue 23, docs/decisions/042-share-image.md): one row per
// org and kind, replaced when the version (the org's portal revision and what the drawing is made of) moves,
// so older revisions' images are dropped by the write that supersedes them.
export async function up(db: Kysely<any>) {
  await sql`
    create table brand_images (
      org_id uuid not null references orgs (id) on delete cascade,
      kind text not null check (kind in ('share', 'icon')),
      version text not null,
      png bytea not null,
      drawn_at timestamptz not null default now(),
      primary key (org_id, kind)
    );
  `.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`drop table brand_images;`.execute(db)
}
