import type { FormFile, Method, Reply, Transport } from '@karya/test-factories';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loginAs } from './test-app';

/**
 * A caller bound to one session cookie (or none), for short tests; it is also the factories'
 * transport over app.inject (@karya/test-factories, issue 18).
 */
export interface Client extends Transport {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  put(url: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: object): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** A multipart form as a phone's FormData sends it: text fields, then the file if any. */
export function multipartForm(fields: Record<string, string>, file?: FormFile) {
  const boundary = '----karya-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function client(app: FastifyInstance, cookie?: string): Client {
  const send = (
    method: Method | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload } : {}),
    });
  return {
    get: (url) => send('GET', url),
    post: (url, payload = {}) => send('POST', url, payload),
    put: (url, payload = {}) => send('PUT', url, payload),
    patch: (url, payload = {}) => send('PATCH', url, payload),
    delete: (url, payload = {}) => send('DELETE', url, payload),
    async send(method, url, payload): Promise<Reply> {
      const response = await send(method, url, payload);
      return { status: response.statusCode, body: parsed(response.body) };
    },
    async sendForm(url, fields, file): Promise<Reply> {
      const form = multipartForm(fields, file);
      const response = await app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
      });
      return { status: response.statusCode, body: parsed(response.body) };
    },
    async signIn(username, password) {
      return client(app, await loginAs(app, username, password));
    },
  };
}
