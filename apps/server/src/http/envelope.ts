import { z } from 'zod';

export function ok<T>(data: T, message = ''): { success: true; data: T; message: string } {
  return { success: true, data, message };
}

/** Response schema of a successful answer, for the OpenAPI document and the serializer. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}

export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The response map of a route: its success shape plus every failure status it may answer. */
export function answers<T extends z.ZodType>(data: T) {
  return {
    200: envelopeOf(data),
    400: failureSchema,
    401: failureSchema,
    403: failureSchema,
    404: failureSchema,
    409: failureSchema,
  };
}
