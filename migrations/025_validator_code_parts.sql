-- Generated validator code (migrations/020) is stored in parts of at most 256 kB, one row each, written and read one
-- statement at a time: with PGlite every statement runs on the server's one thread, and a module of 1.4 MB held it
-- for 60 to 400 ms (writing at a publication, reading when a browser first asks), in which no other request was
-- answered. `parts` is the number of parts of the code, part of the key: a code with a part missing (a server stopped
-- while storing it) is not complete and is generated again, and a code split otherwise by another release is stored
-- beside it. Rows stored before are a code in one part.
alter table validator_code add column part integer not null default 0;
alter table validator_code add column parts integer not null default 1;
alter table validator_code add constraint validator_code_part check (part >= 0 and part < parts);
alter table validator_code drop constraint validator_code_pkey;
alter table validator_code add primary key (content_hash, generator, kind, parts, part);
-- A published version's content (jsonb) is stored uncompressed too: pglz took about as long again as the insert
-- itself (730 kB, in the publication's transaction, which every other statement waits for with PGlite).
alter table schema_versions alter column content set storage external;
