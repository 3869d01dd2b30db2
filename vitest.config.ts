import { configDefaults, defineConfig } from 'vitest/config';
import { invoiceFontsPlugin } from './apps/web/invoice-fonts.ts';

const serverTests = ['apps/server/test/**/*.test.ts'];
/** Tests that need PostgreSQL itself (several server processes on one database, issue 17). */
const postgresOnlyTests = ['apps/server/test/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'repository', include: ['scripts/**/*.test.ts'] } },
      {
        define: { __KARYA_BUILD_ID__: JSON.stringify('test') },
        // The invoice PDF's font, cut at build time (decision 023).
        plugins: [invoiceFontsPlugin()],
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same API tests again on a real PostgreSQL server, when one is given, and those
      // only PostgreSQL can run.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
