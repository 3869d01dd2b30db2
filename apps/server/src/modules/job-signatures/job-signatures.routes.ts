import fastifyMultipart from '@fastify/multipart';
import {
  SIGNATURE_MESSAGES as M,
  SIGNATURE_MAX_BYTES,
  signatureAnswerSchema,
  signerNameField,
} from '@karya/domain/job-signatures';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { readOneFileForm } from '../../http/one-file-form';
import type { FileStorage } from '../../storage';
import {
  getJobSignature,
  openJobSignature,
  type SignatureUpload,
  saveJobSignature,
} from './job-signatures.service';

const signatureAnswer = answers(signatureAnswerSchema);
const orderIdField = z.string({ error: M.invalidProject }).trim().min(1, M.invalidProject);

/** The form's parts: orderId, signerName and one file (within the route's limit). */
async function readUpload(request: FastifyRequest): Promise<SignatureUpload> {
  const { fields, bytes } = await readOneFileForm(request, M);
  const orderId = orderIdField.safeParse(fields.orderId);
  if (!orderId.success) throw badRequest(M.invalidProject);
  const signerName = signerNameField.safeParse(fields.signerName ?? '');
  if (!signerName.success) {
    const message = signerName.error.issues[0]?.message ?? M.nameRequired;
    throw badRequest(message, [{ field: 'signerName', message }]);
  }
  if (!bytes) throw badRequest(M.fileRequired);
  return { orderId: orderId.data, signerName: signerName.data, bytes };
}

/**
 * The customer's signature (issue 22, decision 033): the order's technician saves it on an
 * in-progress order; whoever sees the order reads it; its PNG only through its route.
 */
export function jobSignaturesRoutes(db: Database, storage: FileStorage) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: SIGNATURE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['job signatures'];

    api.get(
      '/work-order-signature',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "An order's customer signature (null when none) and whether its branch requires one before sending for approval (its technician, the branch's managers, admins)",
          querystring: z.object({ orderId: orderIdField }),
          response: signatureAnswer,
        },
      },
      async (request) =>
        ok(await getJobSignature(db, requestScope(request), request.query.orderId)),
    );

    api.post(
      '/work-order-signature',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary: `The order's technician saves the customer's signature while in progress (multipart: orderId, signerName up to 100 characters, file: a PNG up to ${SIGNATURE_MAX_BYTES / 1024} KB, decoded and kept re-encoded; one that does not decode is a 400); signing again replaces it`,
          consumes: ['multipart/form-data'],
          response: signatureAnswer,
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return ok(
          await saveJobSignature(db, storage, actorOf(request), requestScope(request), upload),
          M.signatureSaved,
        );
      },
    );

    api.get(
      '/work-order-signature/:orderId/file',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: "The signature's PNG, for whoever sees its order",
          params: z.object({ orderId: z.string() }),
        },
      },
      async (request, reply) => {
        const file = await openJobSignature(
          db,
          storage,
          requestScope(request),
          request.params.orderId,
        );
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
