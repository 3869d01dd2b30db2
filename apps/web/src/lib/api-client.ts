import type { ApiAnswer, ApiFailure, FieldError } from '@karya/domain/api';
import { apiUrl } from './api-url';
import { dropEarlyResponses, takeEarlyResponse } from './early-requests';

/** Spec 1 §8: what the user reads when the server cannot be reached. */
export const NETWORK_ERROR_MESSAGE = 'Server error. Please try again later.';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** TanStack Query hands one to every query function so it can cancel. */
  signal?: AbortSignal;
  /** Reads headers of a successful answer, e.g. X-Total-Count of a paged list. */
  onHeaders?: (headers: Headers) => void;
  /** Extra request headers, e.g. the offline queue's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** A failed call: `status` is 0 when no answer came back at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** What a refusal carries beside its message, e.g. a 409's `conflicts` (issue 34). */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    fieldErrors: FieldError[] = [],
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.details = details;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * The auth layer subscribes here so that any call finding the session gone logs the user
 * out, without every screen having to handle 401 itself. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

// A wrong password also answers 401; that is a form error, not a lost session. The session
// check (/me) is answered by the auth layer itself, which knows whether a login came since.
const PATHS_WHERE_401_IS_NOT_A_LOST_SESSION = new Set(['/login', '/me']);

function isEnvelope(body: unknown): body is ApiAnswer<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { success?: unknown }).success === 'boolean'
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function holdsBlob(body: unknown): body is Record<string, unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    !(body instanceof FormData) &&
    Object.values(body).some((value) => value instanceof Blob)
  );
}

function formDataOf(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(name, value, 'photo.jpg');
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
}

/**
 * The one way the SPA talks to the API. `path` is relative to /api (e.g. '/me').
 * Resolves with the envelope's `data`; rejects with an ApiError carrying the server's
 * message, or NETWORK_ERROR_MESSAGE when there was no usable answer.
 */
export async function apiRequest<T>(
  method: ApiMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  // A body holding a file (a job photo, also one replayed from the offline queue) goes as
  // multipart; the queue keeps it as a plain object, since IndexedDB stores Blobs but not FormData.
  const requestBody: unknown = holdsBlob(body) ? formDataOf(body) : body;
  const isFormData = requestBody instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...options.headers },
  };
  if (options.signal) init.signal = options.signal;
  if (requestBody !== undefined) {
    init.body = requestBody instanceof FormData ? requestBody : JSON.stringify(requestBody);
    if (!isFormData) init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }

  const url = apiUrl(path, options.query);
  // A GET the page already started before its scripts ran (lib/early-requests.ts).
  const early = method === 'GET' && body === undefined ? takeEarlyResponse(url) : undefined;
  if (method !== 'GET') dropEarlyResponses();

  let response: Response;
  try {
    response = await (early ?? fetch(url, init));
    options.signal?.throwIfAborted();
  } catch (error) {
    // Let TanStack Query see its own cancellations for what they are.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readJson(response);

  if (response.status === 401 && !PATHS_WHERE_401_IS_NOT_A_LOST_SESSION.has(path)) {
    for (const listener of unauthorizedListeners) listener();
  }

  if (!isEnvelope(payload)) {
    // A proxy or gateway page (Vite answers 500/502 when the API is down) is not our
    // envelope: for the user that is the same as no answer at all.
    throw new ApiError(response.ok ? 0 : response.status, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !payload.success) {
    const failure = payload.success ? { message: '', errors: [] } : payload;
    const { success: _s, message: _m, errors: _e, ...details } = failure as ApiFailure;
    throw new ApiError(response.status, failure.message ?? '', failure.errors ?? [], details);
  }
  options.onHeaders?.(response.headers);
  return payload.data as T;
}

/**
 * Spec 1 §8: show the server's message when it gave one, the network message when there
 * was no answer, otherwise the screen's own fallback (e.g. 'Login failed').
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
    return error.message.trim() || fallback;
  }
  return fallback;
}
