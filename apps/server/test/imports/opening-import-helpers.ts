import { importWorkerOf } from '../../src/modules/imports';
import { multipartForm } from '../helpers/http';
import type { TestApp } from '../helpers/test-app';

/** What the opening-stock, AMC and dues import tests share: a CSV upload, its commit, the worker. */

export const csvOf = (rows: (string | number)[][]) =>
  Buffer.from(
    `\uFEFF${rows.map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(',')).join('\r\n')}\r\n`,
  );

export function importClient(t: TestApp) {
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const upload = (cookie: string, fields: Record<string, string>, name: string, bytes: Buffer) => {
    const form = multipartForm(fields, { name, bytes, type: 'text/csv' });
    return t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };
  /** Commits an import and lets the worker write it to the end; the import's status after. */
  const commitAll = async (cookie: string, id: string, onDuplicate = 'skip') => {
    const started = await post(cookie, `/api/imports/${id}/commit`, { onDuplicate });
    if (started.statusCode >= 300) throw new Error(started.body);
    const worker = importWorkerOf(t.db);
    if (!worker) throw new Error('the app has an import worker');
    await worker.drain();
    return (await get(cookie, `/api/imports/${id}`)).json().data;
  };
  return { get, post, upload, commitAll };
}
