import {
  definitionOf,
  IMPORT_KINDS,
  IMPORT_MAX_LISTED,
  IMPORT_SAMPLE_ROWS,
  type ImportCell,
  type ImportCellError,
  type ImportKind,
  type ImportKindDefinition,
  type ImportPreview,
  type ImportRowError,
  type ImportStatusAnswer,
  type ImportValues,
  IMPORT_MESSAGES as M,
  matchHeaders,
  type OnDuplicate,
  unmatchedColumns,
} from '@karya/domain/import-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { branchOfScope, inScope, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { branches } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  findImport,
  type ImportRowInsert,
  insertImport,
  insertImportRows,
  listImports,
  markCommitting,
  type NamedImport,
} from './imports.queries';
import { inChunks } from './kind-writer';
import { type WriteContext, writerOf } from './kind-writers';
import type { Sheet } from './read-sheet';

/** What the route read from the form. */
export interface ImportUpload {
  kind: ImportKind;
  fileName: string;
  sheet: Sheet;
  branch: string | undefined;
  mapping: Record<string, string>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toStatus({
  row,
  branchName,
  authorFirstName,
  authorLastName,
}: NamedImport): ImportStatusAnswer {
  return {
    _id: row.id,
    kind: row.kind as ImportKind,
    fileName: row.fileName,
    branch: row.branchId ? { _id: row.branchId, name: branchName ?? '' } : null,
    status: row.status as ImportStatusAnswer['status'],
    onDuplicate: (row.onDuplicate as OnDuplicate | null) ?? null,
    done: row.done,
    total: row.total,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    createdBy: row.createdBy
      ? {
          _id: row.createdBy,
          name: `${authorFirstName ?? ''} ${authorLastName ?? ''}`.trim(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** The kind's definition and writer, and whether this caller may import it. */
export function importableKind(scope: Scope, kind: ImportKind) {
  const definition = definitionOf(kind);
  const writer = writerOf(kind);
  if (!definition || !writer) throw badRequest(M.kindNotYet(kind));
  if (scope.kind !== 'all' && !definition.managers) throw forbidden(M.managersOnlyContacts);
  return { definition, writer };
}

/** The kinds this caller may import, for the screen's choice. */
export function listImportKinds(scope: Scope) {
  return IMPORT_KINDS.flatMap((kind) => {
    const definition = definitionOf(kind);
    if (!definition || !writerOf(kind)) return [];
    if (scope.kind !== 'all' && !definition.managers) return [];
    return [
      {
        kind,
        label: definition.label,
        perBranch: definition.perBranch,
        managers: definition.managers,
        columns: definition.columns.map(columnAnswer),
      },
    ];
  });
}

const columnAnswer = (column: ImportKindDefinition['columns'][number]) => ({
  key: column.key,
  label: column.label,
  required: column.required,
  ...(column.hint ? { hint: column.hint } : {}),
});

/**
 * The branch the rows land in: a manager's own (another asked for is refused, not silently
 * replaced), an admin's choice where the kind is per branch, none for a business-wide kind.
 */
async function importBranch(
  db: Database,
  scope: Scope,
  definition: ImportKindDefinition,
  asked: string | undefined,
): Promise<string | null> {
  if (!definition.perBranch) return null;
  if (scope.kind !== 'all') {
    const own = branchOfScope(scope) ?? null;
    if (asked && asked !== own) throw forbidden(M.otherBranch);
    return own;
  }
  if (!asked) throw badRequest(M.branchRequired, [{ field: 'branch', message: M.branchRequired }]);
  if (!isUuid(asked))
    throw badRequest(M.branchNotFound, [{ field: 'branch', message: M.branchNotFound }]);
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, asked));
  if (!branch) throw badRequest(M.branchNotFound, [{ field: 'branch', message: M.branchNotFound }]);
  return branch.id;
}

interface CheckedRow {
  rowNumber: number;
  cells: ImportCell[];
  input: unknown | null;
  errors: ImportCellError[] | null;
  keys: { column: string; key: string }[];
  repeatOf: number | null;
  existingId: string | null;
  /** The column whose key matched the existing record. */
  existingColumn: string;
}

/**
 * Checks a file and keeps it as a previewed import: each row through the form's schema, the
 * kind's database rules, then duplicates within the file (a later row with an earlier row's
 * key) and against the database. Nothing but the import and its rows is written.
 */
export async function previewImport(
  db: Database,
  actor: Actor,
  scope: Scope,
  upload: ImportUpload,
): Promise<ImportPreview> {
  const { definition, writer } = importableKind(scope, upload.kind);
  const branchId = await importBranch(db, scope, definition, upload.branch);
  const context: WriteContext = { actorId: actor.id, branchId };
  const columns = definition.columns;
  for (const key of Object.values(upload.mapping)) {
    if (key !== '' && !columns.some((column) => column.key === key))
      throw badRequest(M.mappingUnknownColumn(key));
  }
  const matches = matchHeaders(columns, upload.sheet.headers, upload.mapping);
  const secret = new Set(columns.filter((column) => column.secret).map((column) => column.key));
  const open = unmatchedColumns(columns, matches);

  // The form's schema, row by row.
  const rows: CheckedRow[] = upload.sheet.rows.map(({ rowNumber, cells }) => {
    const values: ImportValues = {};
    for (const match of matches) {
      if (match.column) values[match.column] = cells[match.position - 1] ?? null;
    }
    const check = definition.check(values);
    const kept = cells.map((cell, index) =>
      secret.has(matches[index]?.column ?? '') ? null : cell,
    );
    return {
      rowNumber,
      cells: kept,
      input: check.ok ? check.input : null,
      errors: check.ok ? null : check.errors,
      keys: [],
      repeatOf: null,
      existingId: null,
      existingColumn: '',
    };
  });
  // The sheet's rows are copied into `rows`: let the first copy go before the rest is built
  // (50,000 rows of cells is tens of MB the server would hold twice).
  upload.sheet.rows = [];

  // The kind's rules the database holds, for the rows the schema passed.
  const passed = rows.filter((row) => row.input !== null);
  if (writer.prepare) {
    const prepared = await writer.prepare(
      db,
      context,
      passed.map((row) => row.input),
    );
    prepared.forEach((check, index) => {
      const row = passed[index];
      if (!row) return;
      if (check.ok) row.input = check.input;
      else {
        row.input = null;
        row.errors = check.errors;
      }
    });
  }

  // Duplicates: an earlier row of the file, then a record that exists.
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    if (row.input === null) continue;
    row.keys = [...definition.keys(row.input)];
    const earlier = row.keys.map((key) => firstRowOf.get(key.key)).find((n) => n !== undefined);
    if (earlier !== undefined) row.repeatOf = earlier;
    else for (const key of row.keys) firstRowOf.set(key.key, row.rowNumber);
  }
  const existing = await inChunks([...firstRowOf.keys()], (part) =>
    writer.existing(db, context, part),
  );
  for (const row of rows) {
    if (row.input === null || row.repeatOf !== null) continue;
    const hit = row.keys.find((key) => existing.has(key.key));
    if (!hit) continue;
    row.existingId = existing.get(hit.key) ?? null;
    row.existingColumn = hit.column;
  }

  // The preview's answer.
  const errors: ImportRowError[] = [];
  const duplicateRows: ImportRowError[] = [];
  let toCreate = 0;
  let toUpdate = 0;
  let toSkip = 0;
  let errorRows = 0;
  for (const row of rows) {
    if (row.errors) {
      errorRows += 1;
      toSkip += 1;
      for (const error of row.errors)
        if (errors.length < IMPORT_MAX_LISTED) errors.push({ row: row.rowNumber, ...error });
    } else if (row.repeatOf !== null) {
      toSkip += 1;
      const column = row.keys[0]?.column ?? '';
      if (duplicateRows.length < IMPORT_MAX_LISTED)
        duplicateRows.push({
          row: row.rowNumber,
          column,
          message: `Same ${column.toLowerCase()} as row ${row.repeatOf}`,
        });
    } else if (row.existingId) {
      toUpdate += 1;
      const column = row.existingColumn;
      if (duplicateRows.length < IMPORT_MAX_LISTED)
        duplicateRows.push({
          row: row.rowNumber,
          column,
          message: `A ${writer.noun} with this ${column.toLowerCase()} already exists`,
        });
    } else toCreate += 1;
  }
  const duplicates = rows.filter((row) => row.repeatOf !== null || row.existingId).length;
  const preview = {
    unmatched: matches
      .filter((match) => match.column === null && match.header !== '')
      .map((match) => ({ header: match.header, candidates: open.map((column) => column.key) })),
    missingColumns: open.filter((column) => column.required).map((column) => column.label),
  };

  const stored = await db.transaction(async (tx) => {
    const row = await insertImport(tx, {
      kind: upload.kind,
      branchId,
      fileName: upload.fileName,
      headers: matches.map((match) => ({ header: match.header, column: match.column })),
      preview,
      total: rows.length,
      toCreate,
      toUpdate,
      toSkip,
      duplicates,
      errorRows,
      createdBy: actor.id,
    });
    await insertImportRows(
      tx,
      rows,
      (checked): ImportRowInsert => ({
        importId: row.id,
        rowNumber: checked.rowNumber,
        cells: checked.cells,
        input: checked.input as Record<string, unknown> | null,
        errors: checked.errors,
        repeatOf: checked.repeatOf,
        existingId: checked.existingId,
      }),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'import.preview',
      entityType: 'import',
      entityId: row.id,
      summary: `Checked ${upload.fileName} (${definition.label}): ${rows.length} rows`,
      changes: { kind: upload.kind, branchId, total: rows.length, errorRows, duplicates },
    });
    return row;
  });

  const named = await findImport(db, stored.id);
  if (!named) throw notFound(M.importNotFound);
  const outcomeOf = (row: CheckedRow) =>
    row.errors ? 'error' : row.repeatOf !== null ? 'skip' : row.existingId ? 'update' : 'create';
  return {
    ...toStatus(named),
    toCreate,
    toUpdate,
    toSkip,
    duplicates,
    errorRows,
    errors,
    duplicateRows,
    columns: columns.map(columnAnswer),
    headers: matches,
    ...preview,
    sample: rows.slice(0, IMPORT_SAMPLE_ROWS).map((row) => ({
      row: row.rowNumber,
      values: Object.fromEntries(
        matches
          .filter((match) => match.header !== '' && !secret.has(match.column ?? ''))
          .map((match) => [match.header, row.cells[match.position - 1] ?? null]),
      ),
      outcome: outcomeOf(row),
    })),
  };
}

/** An import the caller may see: another branch's (or a manager's view of a business-wide one) reads as absent. */
async function visibleImport(db: Database, scope: Scope, id: string): Promise<NamedImport> {
  const found = isUuid(id) ? await findImport(db, id) : null;
  if (!found) throw notFound(M.importNotFound);
  if (scope.kind !== 'all' && found.row.branchId === null) throw notFound(M.importNotFound);
  if (found.row.branchId !== null && !inScope(scope, found.row.branchId))
    throw notFound(M.importNotFound);
  return found;
}

export async function getImport(db: Database, scope: Scope, id: string) {
  return toStatus(await visibleImport(db, scope, id));
}

/**
 * Starts the commit: the import becomes 'committing' and a worker (this process's, woken by
 * the route, or any other's) writes it in batches. Asked twice, the second is refused.
 */
export async function commitImport(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  onDuplicate: OnDuplicate,
): Promise<ImportStatusAnswer> {
  const found = await visibleImport(db, scope, id);
  importableKind(scope, found.row.kind as ImportKind);
  await db.transaction(async (tx) => {
    if (!(await markCommitting(tx, id, onDuplicate, new Date())))
      throw conflict(M.alreadyCommitted);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'import.commit',
      entityType: 'import',
      entityId: id,
      summary: `Importing ${found.row.fileName}: ${found.row.total} rows (${onDuplicate} duplicates)`,
      changes: { kind: found.row.kind, onDuplicate, total: found.row.total },
    });
  });
  return getImport(db, scope, id);
}

export async function listImportHistory(
  db: Database,
  scope: Scope,
  paging: { limit: number; offset: number },
): Promise<{ items: ImportStatusAnswer[]; total: number }> {
  const { rows, total } = await listImports(db, branchOfScope(scope), paging);
  return { items: rows.map(toStatus), total };
}

/** The import as the error file and template need it: visible, with its kind's definition. */
export async function importForFile(db: Database, scope: Scope, id: string) {
  const found = await visibleImport(db, scope, id);
  const definition = definitionOf(found.row.kind as ImportKind);
  if (!definition) throw notFound(M.importNotFound);
  return { row: found.row, definition };
}
