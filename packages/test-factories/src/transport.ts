/**
 * What the factories need of a test's HTTP client: one request as the person it is signed in
 * as, and another person signed in on the same server. The API tests adapt app.inject to it
 * (apps/server/test/helpers/http.ts), the browser journeys Playwright's APIRequestContext
 * (e2e/support/api.ts); the factories never know which.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Reply {
  status: number;
  /** The answer's JSON, or its text when it is not JSON. */
  body: unknown;
}

/** The one file of a multipart upload (a photo, the customer's signature). */
export interface FormFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface Transport {
  send(method: Method, path: string, body?: object): Promise<Reply>;
  /** A multipart POST as a phone's FormData sends it: text fields and one file. */
  sendForm(path: string, fields: Record<string, string>, file: FormFile): Promise<Reply>;
  /** A client of the same kind, signed in as this person. */
  signIn(username: string, password: string): Promise<this>;
}

/**
 * The `data` of a successful answer. Seeding that fails stops the test there, with what the
 * server said, rather than at a later assertion that cannot say why.
 */
export async function dataOf<T>(
  api: Transport,
  method: Method,
  path: string,
  body?: object,
): Promise<T> {
  const reply = await api.send(method, path, body);
  if (reply.status < 200 || reply.status >= 300) {
    throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return (reply.body as { data: T }).data;
}

/** dataOf for a multipart upload. */
export async function formDataOf<T>(
  api: Transport,
  path: string,
  fields: Record<string, string>,
  file: FormFile,
): Promise<T> {
  const reply = await api.sendForm(path, fields, file);
  if (reply.status < 200 || reply.status >= 300) {
    throw new Error(`POST ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return (reply.body as { data: T }).data;
}

/** A path with its query string, for the GET lists. */
export function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}
