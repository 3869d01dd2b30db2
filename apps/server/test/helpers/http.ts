import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A caller bound to one session cookie (or none), for short tests. */
export function client(app: FastifyInstance, cookie?: string) {
  const send = (method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload } : {}),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: object = {}) => send('POST', url, payload),
    put: (url: string, payload: object = {}) => send('PUT', url, payload),
    delete: (url: string, payload: object = {}) => send('DELETE', url, payload),
  };
}

export type Client = ReturnType<typeof client>;
