-- Generated validator code (migrations/020) is stored uncompressed (out of line, no pglz): a publication stores
-- about 4 MB of it, and with PGlite every statement runs on the server's one thread. Compressing it took as
-- long again as writing it (about 110 against 55 ms per 1.4 MB module with PGlite), time in which no other
-- request is answered; reading it back is faster too. Rows stored before keep their compression.
alter table validator_code alter column code set storage external;
