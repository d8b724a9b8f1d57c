-- Schema-studio drafts on the server (issue 15): named, shared by product staff, with an author and the
-- published version they start from. `files` holds the draft's changed files only (null removes a file),
-- laid over base_version. `revision` grows on every save: a save names the revision it edited, so a
-- colleague's save in between answers 409 instead of being overwritten.
-- Review (four eyes): draft -> in_review -> approved | changes_requested; any edit returns it to draft.
-- approved_revision is the revision approved (a publish needs the draft unchanged since), acknowledged_hash
-- the check result the approver confirmed (breaking changes publish only when the server's check still has it).
create table studio_drafts (
  id uuid primary key,
  name text not null,
  kind text not null default 'edit' check (kind in ('edit', 'rollback')),
  rollback_to integer,
  base_version integer not null,
  files jsonb not null default '{}'::jsonb,
  revision integer not null default 1,
  status text not null default 'draft' check (status in ('draft', 'in_review', 'changes_requested', 'approved', 'published', 'discarded')),
  author_sub text not null,
  author_name text not null,
  updated_by_name text not null,
  approved_by_sub text,
  approved_by_name text,
  approved_revision integer,
  acknowledged_hash text,
  published_version integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index studio_drafts_status_idx on studio_drafts (status, updated_at desc);

-- What happened to a draft, oldest first: submissions, approvals, requests for changes (with comments), publication.
create table studio_draft_events (
  id bigserial primary key,
  draft_id uuid not null references studio_drafts (id) on delete cascade,
  actor_sub text not null,
  actor_name text not null,
  action text not null,
  comment text,
  revision integer not null,
  created_at timestamptz not null default now()
);
create index studio_draft_events_draft_idx on studio_draft_events (draft_id, id);
