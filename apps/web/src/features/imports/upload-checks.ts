import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@karya/domain/import-schemas';

/**
 * What the server refuses before reading a file, checked here first so that a wrong pick is
 * said at once instead of after an upload, in the server's own words.
 */
export { IMPORT_MAX_BYTES };

export const UPLOAD_MESSAGES = {
  wrongType: IMPORT_MESSAGES.fileRequired,
  tooLarge: IMPORT_MESSAGES.tooLarge,
  empty: IMPORT_MESSAGES.emptySheet,
} as const;

/** The limit as the drop zone says it: '10 MB'. */
export const MAX_SIZE_TEXT = `${IMPORT_MAX_BYTES / 1024 / 1024} MB`;

/** Browsers name a CSV's type differently (Windows' Excel says application/vnd.ms-excel): go by the name. */
const EXTENSIONS = ['.xlsx', '.csv'] as const;

/** The `accept` of the file input: both extensions and their usual types. */
export const ACCEPT_ATTRIBUTE = [
  ...EXTENSIONS,
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** Why this file cannot be imported, or null when it may be sent. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => name.endsWith(extension))) return UPLOAD_MESSAGES.wrongType;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > IMPORT_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** A file's size as people say it: '840 KB', '3.2 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
