-- Issue 13: agents find an application by any word of the applicant's or the company's name, and by its lead
-- number; invites are listed with their state, can be resent, and expire.

-- The words of the applicant's and the company's names (lower-case, accents removed; written from the document
-- on every save by src/server/repositories/searchColumns.ts). A GIN index on text[] is core PostgreSQL, so the
-- same index works on PGlite and PostgreSQL without an extension.
alter table prospects add column name_words text[] not null default '{}';
alter table prospects add column company_words text[] not null default '{}';
create index prospects_name_words_idx on prospects using gin (name_words);
create index prospects_company_words_idx on prospects using gin (company_words);

-- Identifiers and trade licences are searched case-insensitively.
create index prospects_trade_license_upper_idx on prospects (upper(trade_license_no));
create index prospects_lead_number_upper_idx on prospects (upper(lead_number));

-- Lead numbers and view ids are assigned at creation from this sequence (LD00000001, QA00000001).
create sequence lead_number_seq;

-- Existing applications: their name words (the next save writes them the application's way), a lead number.
update prospects set
  name_words = array_remove(regexp_split_to_array(lower(coalesce(document->'applicantInfo'->>'fullName', '') || ' ' || coalesce(company_name, '')), '[^[:alnum:]]+'), ''),
  company_words = array_remove(regexp_split_to_array(lower(coalesce(company_name, '')), '[^[:alnum:]]+'), '');
update prospects set lead_number = 'LD' || lpad(nextval('lead_number_seq')::text, 8, '0') where lead_number is null;
update prospects set document = jsonb_set(jsonb_set(document, '{generalInfo,leadNumber}', to_jsonb(lead_number)), '{applicationInfo,viewId}', to_jsonb('QA' || substr(lead_number, 3)))
  where document ? 'generalInfo' and document ? 'applicationInfo' and not (document->'applicationInfo' ? 'viewId');

-- Invites: when the link was first opened, how often it was sent, and the application it became.
alter table invites add column opened_at timestamptz;
alter table invites add column sent_count integer not null default 1;
alter table invites add column last_sent_at timestamptz;
alter table invites add column prospect_id text;
create index invites_agent_idx on invites (agent_sub, created_at desc);
