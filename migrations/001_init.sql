-- Prospects (applications): one JSONB document each, with an optimistic-concurrency version.
create table prospects (
  id text primary key,
  user_type text not null,
  document jsonb not null,
  version integer not null default 1,
  status text not null default 'DRAFT',
  schema_version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index prospects_updated_at_idx on prospects (updated_at desc);

-- Published versions of the content of schemas/ (steps, UI schemas, lists, ...). Rows are never updated.
create table schema_versions (
  version integer primary key,
  content_hash text not null,
  content jsonb not null,
  author text not null,
  message text not null,
  created_at timestamptz not null default now()
);
