import fastifyMultipart from '@fastify/multipart';
import {
  jobPhotoSchema,
  PHOTO_MESSAGES as M,
  PHOTO_MAX_BYTES,
  photoCaptionField,
  photoStageField,
  removeJobPhotoInput,
} from '@karya/domain/job-photos';
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
  addJobPhoto,
  listJobPhotos,
  openJobPhoto,
  type PhotoUpload,
  removeJobPhoto,
} from './job-photos.service';

const photosAnswer = answers(z.array(jobPhotoSchema));
const orderIdField = z.string({ error: M.invalidProject }).trim().min(1, M.invalidProject);

/** The form's parts: orderId, stage, caption and one file (within the route's limit). */
async function readUpload(request: FastifyRequest): Promise<PhotoUpload> {
  const { fields, bytes } = await readOneFileForm(request, M);
  const orderId = orderIdField.safeParse(fields.orderId);
  if (!orderId.success) throw badRequest(M.invalidProject);
  const stage = photoStageField.safeParse(fields.stage);
  if (!stage.success) throw badRequest(M.invalidStage);
  const caption = photoCaptionField.safeParse(fields.caption ?? '');
  if (!caption.success) throw badRequest(M.captionTooLong);
  if (!bytes) throw badRequest(M.fileRequired);
  return { orderId: orderId.data, stage: stage.data, caption: caption.data, bytes };
}

/** Job photos (issue 22): technicians add them to an in-progress order; files behind auth. */
export function jobPhotosRoutes(db: Database, storage: FileStorage) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['job photos'];

    api.get(
      '/work-order-photos',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "An order's photos in the order taken (its technician, the branch's managers, admins)",
          querystring: z.object({ orderId: orderIdField }),
          response: photosAnswer,
        },
      },
      async (request) => ok(await listJobPhotos(db, requestScope(request), request.query.orderId)),
    );

    api.post(
      '/work-order-photos',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            'The order’s technician adds a photo while in progress (multipart: orderId, stage before/during/after, caption, file: JPEG, PNG or WebP up to 5 MB). The image is decoded and kept re-encoded: upright, at most 1600 px on its longest side, JPEG, without EXIF; one that does not decode is a 400',
          consumes: ['multipart/form-data'],
          response: photosAnswer,
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return ok(
          await addJobPhoto(db, storage, actorOf(request), requestScope(request), upload),
          M.photoAdded,
        );
      },
    );

    api.delete(
      '/work-order-photos',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "The order's technician removes a photo while the order is in progress (afterwards the photos are the job's evidence and stay)",
          body: removeJobPhotoInput,
          response: photosAnswer,
        },
      },
      async (request) =>
        ok(
          await removeJobPhoto(
            db,
            storage,
            actorOf(request),
            requestScope(request),
            request.body.photoId,
          ),
          M.photoRemoved,
        ),
    );

    api.get(
      '/job-photos/:photoId/file',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: "A photo's image, for whoever sees its order",
          params: z.object({ photoId: z.string() }),
        },
      },
      async (request, reply) => {
        const file = await openJobPhoto(db, storage, requestScope(request), request.params.photoId);
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
