-- A published version's content (its files, 730 kB of JSON) is stored as text in parts of at most 256 kB, one row
-- each, written before the publication's transaction with a turn of the event loop between statements, and read the
-- same way. The jsonb column was inserted inside the transaction: with PGlite (Postgres in the server's own thread)
-- that one statement, Postgres parsing 730 kB of JSON, held the thread and the one connection while every other
-- request waited. Nothing queries into the content (it is read whole), so text is enough, and it keeps the files'
-- own key order. `content_id` names one publication attempt's rows (parts of an attempt that did not commit belong
-- to no version and are never read); a version's row refers to them and is inserted, in the transaction, only once
-- every part is stored, so a version is never visible with its content incomplete.
create table schema_version_content (
  content_id text not null,
  part integer not null,
  parts integer not null,
  content text not null,
  created_at timestamptz not null default now(),
  primary key (content_id, part),
  constraint schema_version_content_part check (part >= 0 and part < parts)
);
-- Uncompressed, like the generated code (migrations/021): pglz took as long again as the write.
alter table schema_version_content alter column content set storage external;

alter table schema_versions add column content_id text;
insert into schema_version_content (content_id, part, parts, content)
  select 'version-' || version, 0, 1, content::text from schema_versions;
update schema_versions set content_id = 'version-' || version;
alter table schema_versions alter column content_id set not null;
alter table schema_versions drop column content;
