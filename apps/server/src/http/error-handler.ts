import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';
import { INPUT_MESSAGES } from './input-guard';

interface FieldIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldOf(issue: FieldIssue): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/** One place turns every failure into the envelope; no stack trace leaves the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({
          success: false,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...error.details,
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = (error.validation as FieldIssue[]).map((issue) => ({
        field: fieldOf(issue),
        message: issue.params?.issue?.message ?? issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        success: false,
        message: errors[0]?.message ?? 'Invalid request',
        errors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as JSON'
              : error.message;
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      success: false,
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

/** Fastify's `frameworkErrors`: the router's refusals, before any route or hook runs. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(tooLong ? 414 : 400).send({
    success: false,
    message: tooLong ? INPUT_MESSAGES.addressTooLong : INPUT_MESSAGES.badAddress,
  });
}
