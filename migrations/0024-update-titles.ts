import { sql, type Kysely } from 'kysely'

// Updates have titles (issue 24 item 10, docs/decisions/056-titles-and-search-results.md): the portal's
// banner and list, the feed and the e-mail's subject name an update by its title; the message stays the
// body. Existing updates get the first words of their message's first line (at most 80 characters, cut at
// a word), so no row is left without one.
export async function up(db: Kysely<any>) {
  await sql`alter table updates add column title text`.execute(db)
  await sql`
    update updates set title = coalesce(
      nullif(
        case
          when char_length(first_line) <= 80 then first_line
          else coalesce(nullif(substring(left(first_line, 80) from '^(.*\\S)\\s'), ''), left(first_line, 80)) || '…'
        end,
        ''
      ),
      'Update'
    )
    from (select id as line_id, btrim(split_part(regexp_replace(message, '\\r\\n?', E'\\n', 'g'), E'\\n', 1)) as first_line from updates) lines
    where updates.id = lines.line_id
  `.execute(db)
  await sql`alter table updates alter column title set not null`.execute(db)
}

export async function down(db: Kysely<any>) {
  await sql`alter table updates drop column title`.execute(db)
}
