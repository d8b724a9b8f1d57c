-- A stakeholder's document keys carry its signatoryId and are numbered per stakeholder ("Passport-s7k2-1"), no
-- longer across stakeholders ("Passport-2"): those shifted when a stakeholder before them was removed, and the next
-- stakeholder's uploads were then no longer found under its keys (src/content/requiredDocuments.ts). The stored
-- keys of the stakeholder documents of schemas/documents.json (passports, Emirates ID, a company stakeholder's trade
-- license and MOA, personal bank statements, CVs) are renamed: per application, stakeholder and stem in the order of
-- their old index, the keys of its uploads and of the documents an agent requested (prospectStatusInfo). Proofs of
-- relationship ("ProofOfRelationship-<signatoryId>") already were the stakeholder's and keep their keys.
create temporary table stakeholder_document_keys as
with legacy as (
  select prospect_id, signatory_id, document_key
  from documents
  where coalesce(signatory_id, '') <> ''
    and document_key ~ '^(Passport|EmiratesId|TradeLicense|MOA|personalBankStatements-BankStatement|personalBackground-CV)-[0-9]+$'
  union
  select p.id, r.value ->> 'signatoryId', r.value ->> 'documentKey'
  from prospects p
  cross join lateral jsonb_array_elements(
    case when jsonb_typeof(p.document -> 'prospectStatusInfo' -> 'requestedDocuments') = 'array'
      then p.document -> 'prospectStatusInfo' -> 'requestedDocuments' else '[]'::jsonb end) r
  where coalesce(r.value ->> 'signatoryId', '') <> ''
    and (r.value ->> 'documentKey') ~ '^(Passport|EmiratesId|TradeLicense|MOA|personalBankStatements-BankStatement|personalBackground-CV)-[0-9]+$'
), split as (
  select prospect_id, signatory_id, document_key,
    substring(document_key from '^(.*)-[0-9]+$') as stem,
    substring(document_key from '-([0-9]+)$')::integer as n
  from legacy
)
select prospect_id, signatory_id, document_key as old_key,
  stem || '-' || signatory_id || '-' || dense_rank() over (partition by prospect_id, signatory_id, stem order by n) as new_key
from split;

update documents d
set document_key = m.new_key
from stakeholder_document_keys m
where d.prospect_id = m.prospect_id and d.signatory_id = m.signatory_id and d.document_key = m.old_key;

update prospects p
set document = jsonb_set(p.document, '{prospectStatusInfo,requestedDocuments}', (
  select jsonb_agg(case when m.new_key is null then r.value else jsonb_set(r.value, '{documentKey}', to_jsonb(m.new_key)) end order by r.ord)
  from jsonb_array_elements(p.document -> 'prospectStatusInfo' -> 'requestedDocuments') with ordinality as r(value, ord)
  left join stakeholder_document_keys m
    on m.prospect_id = p.id and m.signatory_id = r.value ->> 'signatoryId' and m.old_key = r.value ->> 'documentKey'))
where jsonb_typeof(p.document -> 'prospectStatusInfo' -> 'requestedDocuments') = 'array'
  and jsonb_array_length(p.document -> 'prospectStatusInfo' -> 'requestedDocuments') > 0
  and exists (select 1 from stakeholder_document_keys m where m.prospect_id = p.id);

drop table stakeholder_document_keys;
