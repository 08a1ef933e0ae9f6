/**
 * prisma/schema.prisma (SQLite) is the one source; the PostgreSQL schema is derived from it, because a
 * generated Prisma client is provider-specific. Only the datasource and the client's output differ.
 *
 * DateTime stays Prisma's default on PostgreSQL, TIMESTAMP(3) holding UTC: millisecond precision like the
 * SQLite ISO text, and independent of the session TimeZone. (@prisma/adapter-pg 6.19 sends dates as UTC
 * without an offset and drops the offset it reads back, so a timestamptz column would store wrong instants
 * under any TimeZone but UTC.)
 */
export const SQLITE_SCHEMA = "prisma/schema.prisma";
export const POSTGRES_SCHEMA = "prisma/schema.postgresql.prisma";

const HEADER = `// GENERATED from schema.prisma by lib/cli/sync-schemas.ts (npm install runs it). Do not edit.\n\n`;

export function derivePostgresSchema(sqliteSchema: string): string {
  const swaps: [RegExp, string][] = [
    [/(output\s*=\s*)"\.\.\/lib\/generated\/prisma"/, `$1"../lib/generated/prisma-pg"`],
    [/(provider\s*=\s*)"sqlite"/, `$1"postgresql"`],
    [/(url\s*=\s*)"file:[^"]*"/, `$1"postgresql://localhost:5432/patchbay"`],
  ];
  let schema = sqliteSchema;
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(schema)) throw new Error(`${SQLITE_SCHEMA}: expected to find ${pattern}`);
    schema = schema.replace(pattern, replacement);
  }
  return HEADER + schema;
}
