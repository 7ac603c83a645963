import type { ColumnType, Generated } from 'kysely'

/** Table types for Kysely. Each migration that adds a table adds its interface here. */
export interface SchemaMigrationsTable {
  name: string
  applied_at: Generated<Date>
}

export interface AppSettingsTable {
  key: string
  value: string
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface DB {
  schema_migrations: SchemaMigrationsTable
  app_settings: AppSettingsTable
}
