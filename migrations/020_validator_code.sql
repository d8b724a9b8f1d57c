-- The validators generated for a published content version (ajv standalone code, src/content/validatorCode.ts):
-- what the server runs ('server') and the browser modules of each role ('customer', 'agent'). Generating them
-- takes seconds, so a restart reads them instead. `generator` is the fingerprint of the code that generated them
-- (ajv's version and the project's keyword code, src/content/validatorCodeStore.ts): a release that changes the
-- generator writes new rows rather than running old code. Rows of versions no longer published can be deleted.
create table validator_code (
  content_hash text not null,
  generator text not null,
  kind text not null check (kind in ('server', 'customer', 'agent')),
  code text not null,
  created_at timestamptz not null default now(),
  primary key (content_hash, generator, kind)
);
