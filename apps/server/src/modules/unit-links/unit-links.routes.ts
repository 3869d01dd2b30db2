import fastifyMultipart from '@fastify/multipart';
import {
  COMPLAINT_MESSAGES as M,
  unitComplaintAnswerSchema,
  unitComplaintInput,
  unitLabelsQuery,
  unitLinkInput,
  unitLinkSchema,
  unitPageSchema,
} from '@karya/domain/complaint-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { badRequest, HttpError } from '../../http/errors';
import { readOneFileForm } from '../../http/one-file-form';
import type { FileStorage } from '../../storage';
import { answerPublicPage, isDeadLink, type ThrottleRule } from '../system';
import {
  raiseUnitComplaint,
  UNIT_PHOTO_MAX_BYTES,
  type UnitComplaint,
} from './unit-complaint.service';
import { unitLabelsOf, unitLinkOf } from './unit-link.service';
import { unitPageByToken } from './unit-page.service';

/**
 * Failed look-ups of the unit's page per address: only a dead link's 404 counts (a guessed
 * token, a label whose unit is not installed), never a live page, so the customers behind one
 * address are not shut out by one of them guessing. 120 guesses in 2^128 find nothing; a live
 * link is answered even while its address is over the limit (as the job-status page's).
 */
const LOOKUP_RULE: ThrottleRule = {
  bucket: 'unit-page-lookup',
  windowMs: 10 * 60 * 1000,
  max: 120,
  message: () => M.tooMany,
};

/**
 * Failed complaints per address: a dead link or a phone that is not the customer's (a guess at
 * the page's second check). A customer mistypes their number once or twice; a complaint taken
 * never counts.
 */
const COMPLAINT_RULE: ThrottleRule = {
  bucket: 'unit-page-complaint',
  windowMs: 60 * 60 * 1000,
  max: 10,
  message: () => M.tooMany,
};

const failedComplaint = (error: unknown) =>
  isDeadLink(error) || (error instanceof HttpError && error.message === M.phoneMismatch);

const tokenParams = z.object({ token: z.string() });

/** Where the stickers' links open: PUBLIC_URL when set, else the address the desk is using. */
export interface UnitLinksConfig {
  publicUrl: string | undefined;
}

const originOf = (config: UnitLinksConfig, request: FastifyRequest) =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;

/**
 * The complaint's fields: a phone's multipart form (description, phone and an optional photo,
 * JPEG, PNG or WebP up to 10 MB) or JSON without a photo. Whatever the parser cannot read is a
 * 400, never a 500.
 */
async function readComplaint(request: FastifyRequest): Promise<UnitComplaint> {
  let fields: unknown = request.body;
  let photo: Buffer | null = null;
  if (request.isMultipart()) {
    const form = await readOneFileForm(request, {
      fileRequired: M.photoInvalid,
      tooLarge: M.photoInvalid,
    });
    fields = form.fields;
    photo = form.bytes;
  }
  const parsed = unitComplaintInput.safeParse(fields ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw badRequest(errors[0]?.message ?? M.descriptionRequired, errors);
  }
  return { ...parsed.data, photo };
}

/**
 * Issue 37: the units' QR stickers (their links and the PDF of labels, for the desk) and the
 * unit's public page with its complaint.
 */
export function unitLinksRoutes(
  db: Database,
  config: UnitLinksConfig,
  storage: FileStorage,
  clock: Clock,
) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: UNIT_PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['unit links'];

    api.post(
      '/unit-link',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "A unit's QR sticker link, made on first ask and the same after; a warranty replacement's serial answers its chain's first unit's link (admins, the unit's branch's managers)",
          body: unitLinkInput,
          response: answers(unitLinkSchema),
        },
      },
      async (request) =>
        ok(await unitLinkOf(db, actorOf(request), requestScope(request), request.body.serial)),
    );

    api.get(
      '/unit-labels',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The units’ QR stickers as a PDF: an A4 sheet of 2 × 5 or 3 × 8 labels, or one 70 × 40 mm label a page; links made for the units that lack one. Every serial must be the caller’s to see (a 404 names the one that is not)',
          querystring: unitLabelsQuery,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const pdf = await unitLabelsOf(db, actorOf(request), requestScope(request), {
          serials: request.query.serials,
          layout: request.query.layout,
          origin: originOf(config, request),
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="unit-labels.pdf"')
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    api.get(
      '/unit/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'The unit’s public page by its sticker’s token: product, serial, installation, warranty and AMC, last visits, the shop; never the customer. No login; failed look-ups limited per address, a live link never',
          params: tokenParams,
          response: { ...answers(unitPageSchema), 429: failureSchema },
        },
      },
      async (request, reply) =>
        ok(
          await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
            unitPageByToken(db, clock, request.params.token),
          ),
        ),
    );

    api.post(
      '/unit/:token/complaint',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'A complaint from the unit’s sticker (multipart: description, phone, optional photo JPEG/PNG/WebP up to 10 MB; or JSON without the photo). The phone must be the customer’s. A Repair order on the unit’s installation with its serial and response clock, or, while one is open on the unit, a remark on it. No login; failures limited per address',
          params: tokenParams,
          consumes: ['multipart/form-data', 'application/json'],
          response: { ...answers(unitComplaintAnswerSchema), 429: failureSchema },
        },
      },
      async (request, reply) => {
        const answer = await answerPublicPage(
          db,
          request,
          reply,
          COMPLAINT_RULE,
          async () =>
            raiseUnitComplaint(
              db,
              storage,
              clock,
              request.params.token,
              await readComplaint(request),
            ),
          { counts: failedComplaint },
        );
        return ok(answer, answer.joined ? M.complaintJoined : M.complaintRaised);
      },
    );
  };
}
