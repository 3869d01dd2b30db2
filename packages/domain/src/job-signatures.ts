import { z } from 'zod';

/**
 * The customer's signature (issue 22, decision 033): at the end of the job the customer signs
 * on the technician's phone and types their name; the PNG is kept with who took it and when.
 * A branch that requires it (the default) does not send a project for approval without it.
 */

/** A signature pad's PNG is a few kB to a few tens of kB; anything bigger is not one. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const SIGNATURE_NAME_MAX_LENGTH = 100;
export const SIGNATURE_TYPE = 'image/png';

export const SIGNATURE_MESSAGES = {
  fileRequired: 'Please draw the signature',
  tooLarge: `A signature can be at most ${SIGNATURE_MAX_BYTES / 1024} KB`,
  notPng: 'The signature must be a PNG image',
  unreadable: 'The signature could not be read: it is damaged or incomplete',
  tooManyPixels: 'The signature image is too large: draw it again',
  nameRequired: "Please enter the customer's name",
  nameTooLong: `The customer's name can be at most ${SIGNATURE_NAME_MAX_LENGTH} characters`,
  invalidProject: 'Invalid project data',
  notInProgress: 'The customer can sign only while the project is in progress',
  signatureNotFound: 'Signature not found',
  signatureSaved: 'Signature saved',
  /** The completion rule's refusal (409), on both routes that send a project for approval. */
  signatureRequired: "The customer's signature is needed before sending for approval",
} as const;
const M = SIGNATURE_MESSAGES;

export const signerNameField = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(SIGNATURE_NAME_MAX_LENGTH, M.nameTooLong);

export const jobSignatureSchema = z.object({
  signerName: z.string(),
  signedAt: z.string(),
  /** The technician who took it; null once that user is deleted. */
  signedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where its PNG is read from, through the authorised route. */
  fileUrl: z.string(),
});
export type JobSignature = z.infer<typeof jobSignatureSchema>;

/** GET /api/work-order-signature?orderId=: the signature, if any, and whether the branch needs one. */
export const signatureAnswerSchema = z.object({
  signature: jobSignatureSchema.nullable(),
  /** The order's branch requires a signature before 'Complete Project & Send for Approval'. */
  required: z.boolean(),
});
export type SignatureAnswer = z.infer<typeof signatureAnswerSchema>;

/** Where an order's signature PNG is read from (the route checks who asks). */
export const signatureFilePath = (orderId: string) =>
  `/api/work-order-signature/${encodeURIComponent(orderId)}/file`;
