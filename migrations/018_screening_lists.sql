-- The bank's screening lists besides the blacklist (issue 18 item 2): the negative list (identity documents and
-- licence numbers the bank does not open accounts for: Negative List Check) and the sanctions list of its Firco
-- filter (names: Company Firco Check). Maintained by operations with plain SQL, e.g.
--   insert into screening_list_entries (list, kind, value, reason) values ('negative', 'passport', 'Z1234567', 'fraud case 2025-118');
-- value_key is what the checks compare (src/server/screening/runScreening.ts listNameKey / listIdKey):
-- names as lower-case words of letters and digits, documents as upper-case letters and digits.
create table screening_list_entries (
  id bigserial primary key,
  list text not null check (list in ('negative', 'firco')),
  kind text not null check (kind in ('name', 'emiratesId', 'passport', 'license')),
  value text not null,
  value_key text generated always as (
    case when kind = 'name'
      then btrim(regexp_replace(lower(value), '[^a-z0-9]+', ' ', 'g'))
      else upper(regexp_replace(value, '[^A-Za-z0-9]+', '', 'g'))
    end
  ) stored,
  reason text,
  created_at timestamptz not null default now()
);
create index screening_list_entries_key_idx on screening_list_entries (list, kind, value_key);
