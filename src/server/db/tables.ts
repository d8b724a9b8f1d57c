import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProspectsTable {
  id: string;
  user_type: string;
  document: ColumnType<Record<string, unknown>, string, string>;
  version: Generated<number>;
  status: Generated<string>;
  schema_version: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SchemaVersionsTable {
  version: number;
  content_hash: string;
  content: ColumnType<Record<string, unknown>, string, string>;
  author: string;
  message: string;
  created_at: Timestamp;
}

export interface Database {
  prospects: ProspectsTable;
  schema_versions: SchemaVersionsTable;
}
