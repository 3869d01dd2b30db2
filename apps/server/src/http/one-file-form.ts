import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';
import { holdsUnsafeFormText, INPUT_MESSAGES } from './input-guard';

/** What a form of text fields and one file holds; bytes is null when no file came. */
export interface OneFileForm {
  fields: Record<string, string>;
  bytes: Buffer | null;
  /** The file's name as the browser sent it ('' when none came). */
  fileName: string;
}

export const FORM_MESSAGES = {
  incomplete: 'The upload was incomplete: try again',
} as const;

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/**
 * Reads a multipart form of text fields and at most one file (job photos, signatures). The
 * file is read into memory up to the route's multipart limit only: one byte more and the
 * upload is refused (400 `tooLarge`) before anything is stored; a second file or a body that
 * is not multipart is a 400 `fileRequired`.
 *
 * Issue 33: whatever else the parser cannot read — a body cut short, LF line endings, no
 * boundary or one the body does not hold, too many parts — is the client's, a 400
 * `incomplete`, never a 500; and a text field (name or value) with a NUL, a lone surrogate or
 * broken UTF-8 is refused as the input guard refuses it in JSON, query and path. Either way the
 * form is refused while it is read, before its route stores anything.
 */
export async function readOneFileForm(
  request: FastifyRequest,
  messages: { fileRequired: string; tooLarge: string },
): Promise<OneFileForm> {
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  let fileName = '';
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      parts += 1;
      if (part.type === 'file') {
        if (bytes) throw badRequest(messages.fileRequired);
        bytes = await part.toBuffer();
        fileName = part.filename ?? '';
      } else if (typeof part.value === 'string') {
        if (holdsUnsafeFormText(part.fieldname, part.value, part.valueTruncated)) {
          throw badRequest(INPUT_MESSAGES.unsafeText);
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(messages.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT') {
      throw badRequest(messages.fileRequired);
    }
    // The parser's own errors (busboy's 'Unexpected end of multipart data', 'Multipart:
    // Boundary not found', 'Part terminated early', and the plugin's limits and premature
    // close) carry no status of their own, or a 413/406 with a parser's wording.
    const reason = error instanceof Error ? error.message : String(error);
    request.log.info({ reason, code }, 'multipart form refused');
    throw badRequest(FORM_MESSAGES.incomplete);
  }
  // Bytes in which the parser found no part at all (an empty boundary, say, which matches the
  // closing delimiter first) are no form either; an empty body is an empty form.
  if (parts === 0 && Number(request.headers['content-length'] ?? 0) > 0) {
    throw badRequest(FORM_MESSAGES.incomplete);
  }
  return { fields, bytes, fileName };
}
