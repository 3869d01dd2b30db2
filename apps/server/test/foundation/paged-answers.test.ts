import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { openTestDatabase } from '../helpers/test-database';

/*
 * One paged-list answer (decisions 005, 024): a route that takes a page (?limit=&offset= or
 * ?page=&pageSize=) answers the page's items as the envelope's `data` array, its total in
 * X-Total-Count written only by http/list-query.ts's listAnswer; a separately hosted client
 * may read those headers.
 */
const serverSrc = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const PAGING = new Set(['limit', 'offset', 'page', 'pageSize']);

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        responses?: Record<
          string,
          { content?: Record<string, { schema?: { properties?: { data?: { type?: string } } } }> }
        >;
      }
    >
  >;
}

/** The GET routes that take a page but answer something other than an array in `data`. */
function pagedRoutesWithoutArrays(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) => {
      const get = methods.get;
      const paged = get?.parameters?.some((p) => p.in === 'query' && PAGING.has(p.name));
      if (!get || !paged) return [];
      const data = get.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      return data?.type === 'array' ? [] : [path];
    })
    .sort();
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function appWith(env: Record<string, string>) {
  const { app } = await buildApp(loadConfig(env), { database, logger: false });
  return app;
}

describe('paged lists', () => {
  it('flags a made-up paged route whose data is a page object', () => {
    const route = (paging: string, dataType: string) => ({
      get: {
        parameters: [{ in: 'query', name: paging }],
        responses: {
          200: {
            content: {
              'application/json': { schema: { properties: { data: { type: dataType } } } },
            },
          },
        },
      },
    });
    const document: OpenApiDocument = {
      paths: {
        '/api/array': route('limit', 'array'),
        '/api/page-object': route('pageSize', 'object'),
        '/api/not-paged': route('search', 'object'),
      },
    };
    expect(pagedRoutesWithoutArrays(document)).toEqual(['/api/page-object']);
  });

  it('answers every paged route with a data array', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paged = Object.keys(document.paths).filter((path) =>
      document.paths[path].get?.parameters?.some((p: { name: string }) => PAGING.has(p.name)),
    );
    expect(paged).toEqual(
      expect.arrayContaining([
        '/api/get-contacts',
        '/api/get-replacements',
        '/api/outstanding-dues',
      ]),
    );
    expect(pagedRoutesWithoutArrays(document)).toEqual([]);
    await app.close();
  });

  it('writes X-Total-Count only through http/list-query.ts', () => {
    const writers = sourceFiles(serverSrc)
      .filter((file) => /header\(\s*['"]x-total-count/i.test(readFileSync(file, 'utf8')))
      .map((file) => relative(serverSrc, file));
    expect(writers).toEqual(['http/list-query.ts']);
  });

  it('exposes the total headers to a separately hosted client', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent', CORS_ORIGINS: 'https://shop.example' });
    const answer = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { origin: 'https://shop.example' },
    });
    expect(answer.headers['access-control-expose-headers']).toBe(
      'X-Total-Count, X-Total-Count-Capped',
    );
    await app.close();
  });
});
