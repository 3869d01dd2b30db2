import fastifyMultipart from '@fastify/multipart';
import {
  commitImportSchema,
  IMPORT_MAX_BYTES,
  importKindField,
  importKindsAnswerSchema,
  importMappingSchema,
  importPreviewSchema,
  importStatusSchema,
  IMPORT_MESSAGES as M,
} from '@karya/domain/import-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { answers, envelopeOf, failureSchema, ok } from '../../http/envelope';
import { badRequest, HttpError } from '../../http/errors';
import { listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import { readOneFileForm } from '../../http/one-file-form';
import { errorRowsCsv, templateOf } from './import-files';
import { ImportWorker, keepImportWorker } from './import-worker';
import {
  commitImport,
  getImport,
  type ImportUpload,
  importableKind,
  importForFile,
  listImportHistory,
  listImportKinds,
  previewImport,
} from './imports.service';
import { readSheet } from './read-sheet';

/** What a multipart envelope adds to the file: boundaries and the few text fields. */
const FORM_OVERHEAD = 64 * 1024;

/** A file's name as kept and shown: its last path part, at most 200 characters. */
const fileNameOf = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '').trim().slice(0, 200) || 'upload';

async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  const { fields, bytes, fileName } = await readOneFileForm(request, {
    fileRequired: M.fileRequired,
    tooLarge: M.tooLarge,
  });
  const kind = importKindField.safeParse(fields.kind);
  if (!kind.success) throw badRequest(M.kindRequired, [{ field: 'kind', message: M.kindRequired }]);
  let mapping: Record<string, string> = {};
  if (fields.mapping?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.mapping);
    } catch {
      throw badRequest(M.badMapping, [{ field: 'mapping', message: M.badMapping }]);
    }
    const checked = importMappingSchema.safeParse(parsed);
    if (!checked.success)
      throw badRequest(M.badMapping, [{ field: 'mapping', message: M.badMapping }]);
    mapping = checked.data;
  }
  // The kind and the caller's right to it before the file is parsed.
  importableKind(requestScope(request), kind.data);
  if (!bytes) throw badRequest(M.fileRequired, [{ field: 'file', message: M.fileRequired }]);
  return {
    kind: kind.data,
    fileName: fileNameOf(fileName),
    sheet: await readSheet(bytes),
    branch: fields.branch?.trim() || undefined,
    mapping,
  };
}

/** Imports (issue 36): check a file, commit it in the background, read what it became. */
export function importsRoutes(db: Database, config: Config) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
    const worker = new ImportWorker(db, { pollMs: config.importPollMs, log: app.log });
    keepImportWorker(db, worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());

    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['imports'];
    const idParams = z.object({ id: z.string().max(100) });

    api.get(
      '/import-kinds',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The kinds the caller may import (admins: all built; managers: customers, leads and stock), with their columns',
          response: answers(importKindsAnswerSchema),
        },
      },
      async (request) => ok(listImportKinds(requestScope(request))),
    );

    api.post(
      '/imports',
      {
        config: { access: ROLES.desk },
        // A file far over the limit is refused by its declared length, before a byte is parsed.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > IMPORT_MAX_BYTES + FORM_OVERHEAD) throw new HttpError(413, M.tooLarge);
        },
        schema: {
          tags,
          summary: `Checks a spreadsheet (multipart: kind, file .xlsx or .csv up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB and 50,000 rows, branch where the kind is per branch, mapping: a JSON object of file header to column key). Every row through the form's own schema; duplicates within the file and against the database. Writes only the import and its rows; nothing is created until POST /imports/{id}/commit`,
          consumes: ['multipart/form-data'],
          response: { ...answers(importPreviewSchema), 413: failureSchema },
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return ok(
          await previewImport(db, actorOf(request), requestScope(request), upload),
          M.previewed,
        );
      },
    );

    api.post(
      '/imports/:id/commit',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Commits a previewed import in batches (202): rows of records that exist are skipped or updated as onDuplicate says. Read its progress with GET /imports/{id}; a server stopped halfway resumes from the first row not written',
          params: idParams,
          body: commitImportSchema,
          response: { ...answers(importStatusSchema), 202: envelopeOf(importStatusSchema) },
        },
      },
      async (request, reply) => {
        const status = await commitImport(
          db,
          actorOf(request),
          requestScope(request),
          request.params.id,
          request.body.onDuplicate,
        );
        worker.wake();
        return reply.code(202).send(ok(status, M.committing));
      },
    );

    api.get(
      '/imports',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Past imports, newest first: who, when, the file, its counts (admins: every branch and the catalogue; managers: their branch). Total in X-Total-Count',
          querystring: z.object(pagingQuery(100)),
          response: answers(z.array(importStatusSchema)),
        },
      },
      async (request, reply) =>
        ok(
          listAnswer(
            reply,
            await listImportHistory(db, requestScope(request), pagingOf(request.query, 20)),
          ),
        ),
    );

    api.get(
      '/imports/:id',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: "An import's status: rows done of total, created, updated, skipped, refused",
          params: idParams,
          response: answers(importStatusSchema),
        },
      },
      async (request) => ok(await getImport(db, requestScope(request), request.params.id)),
    );

    api.get(
      '/imports/:id/error-rows',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "The rows not imported (errors of the preview, refusals of the commit) as CSV: the file's columns and an Error column, to fix and upload again",
          params: idParams,
        },
      },
      async (request, reply) => {
        const { row } = await importForFile(db, requestScope(request), request.params.id);
        const base = row.fileName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_') || 'import';
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${base}-errors.csv"`)
          .header('cache-control', 'no-store')
          .send(errorRowsCsv(db, row));
      },
    );

    api.get(
      '/import-templates/:kind',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "A kind's template: its columns and one example row (.xlsx), and a sheet saying each column's values",
          params: z.object({ kind: importKindField }),
        },
      },
      async (request, reply) => {
        const { definition } = importableKind(requestScope(request), request.params.kind);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header(
            'content-disposition',
            `attachment; filename="karya-${request.params.kind}-template.xlsx"`,
          )
          .send(await templateOf(definition));
      },
    );
  };
}
