import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/quotations-schema.ts',
    './src/db/imports-schema.ts',
    './src/db/complaints-schema.ts',
    './src/db/reports-schema.ts',
  ],
  out: './drizzle',
  casing: 'snake_case',
});
