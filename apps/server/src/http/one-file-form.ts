import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** What a form of text fields and one file holds; bytes is null when no file came. */
export interface OneFileForm {
  fields: Record<string, string>;
  bytes: Buffer | null;
}

/**
 * Reads a multipart form of text fields and at most one file (job photos, signatures). The
 * file is read into memory up to the route's multipart limit only: one byte more and the
 * upload is refused (400 `tooLarge`) before anything is stored; a second file or a body that
 * is not multipart is a 400 `fileRequired`.
 */
export async function readOneFileForm(
  request: FastifyRequest,
  messages: { fileRequired: string; tooLarge: string },
): Promise<OneFileForm> {
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (bytes) throw badRequest(messages.fileRequired);
        bytes = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(messages.tooLarge);
    }
    if ((error as { statusCode?: number }).statusCode === 406) {
      throw badRequest(messages.fileRequired);
    }
    throw error;
  }
  return { fields, bytes };
}
