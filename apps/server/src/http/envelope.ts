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
