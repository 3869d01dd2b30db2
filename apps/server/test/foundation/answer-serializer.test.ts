import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AnswerSerialization,
  answerSerializerCompiler,
} from '../../src/http/answer-serializer';
import { ADMIN, createTestApp, loginAs } from '../helpers/test-app';

/** A route whose handler returns more than its schema declares, as a careless one might. */
async function appWithLeakyRoute(mode: AnswerSerialization) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(mode));
  app.get(
    '/user',
    { schema: { response: { 200: z.object({ username: z.string() }) } } },
    async () => ({ username: 'asha', passwordHash: '$argon2id$secret' }),
  );
  app.get(
    '/fine',
    { schema: { response: { 200: z.object({ username: z.string() }) } } },
    async () => ({ username: 'asha' }),
  );
  await app.ready();
  return app;
}

describe('answer serialisation', () => {
  it('checked (the API tests) refuses an answer that leans on its schema to drop a field', async () => {
    const app = await appWithLeakyRoute('checked');
    const leaky = await app.inject({ url: '/user' });
    expect(leaky.statusCode).toBe(500);
    expect(leaky.body).toContain("at '/passwordHash'");
    expect(leaky.body).not.toContain('argon2id');
    const fine = await app.inject({ url: '/fine' });
    expect(fine.json()).toEqual({ username: 'asha' });
    await app.close();
  });

  it('fast (production) sends exactly what the handler returned', async () => {
    const app = await appWithLeakyRoute('fast');
    expect((await app.inject({ url: '/fine' })).json()).toEqual({ username: 'asha' });
    // Why the API tests run checked: in production the extra field would go out.
    expect((await app.inject({ url: '/user' })).json()).toHaveProperty('passwordHash');
    await app.close();
  });

  it('is what the API tests run with', async () => {
    const t = await createTestApp();
    try {
      const cookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
      const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data).not.toHaveProperty('passwordHash');
    } finally {
      await t.close();
    }
  });
});
