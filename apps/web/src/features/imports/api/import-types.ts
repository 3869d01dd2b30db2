import type {
  ImportPreview,
  ImportRowError,
  ImportStatusAnswer,
  importKindsAnswerSchema,
} from '@karya/domain/import-schemas';
import type { z } from 'zod';

export type {
  ImportKind,
  ImportPreview,
  ImportRowError,
  OnDuplicate,
} from '@karya/domain/import-schemas';
export type ImportRun = ImportStatusAnswer;
export type ImportKindOffer = z.infer<typeof importKindsAnswerSchema>[number];
export type DuplicateRow = ImportRowError;
export type ImportPreviewAnswer = ImportPreview;

export const isFinished = (run: Pick<ImportRun, 'status'>) =>
  run.status === 'done' || run.status === 'failed';
