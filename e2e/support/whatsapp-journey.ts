import { createHmac } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { FakeGraphApi } from '../../apps/server/test/helpers/fake-graph-api';
import { type OwnServer, startOwnServer } from './own-server';

const APP_SECRET = 'journey-app-secret';

/**
 * A journey's own server with the WhatsApp Cloud API configured to reach a fake Graph API
 * that keeps Meta's rules (issue 40): each test gets both afresh, so it counts what was sent.
 */
export const whatsappTest = base.extend<{ wa: { server: OwnServer; fake: FakeGraphApi } }>({
  wa: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      const fake = new FakeGraphApi('journey-token');
      const apiBase = await fake.start(Number(process.env.E2E_WA_FAKE_PORT ?? 0));
      const server = await startOwnServer(
        {
          WHATSAPP_TOKEN: 'journey-token',
          WHATSAPP_PHONE_NUMBER_ID: '1098765',
          WHATSAPP_API_BASE: apiBase,
          WHATSAPP_APP_SECRET: APP_SECRET,
          WHATSAPP_OUTBOX_POLL_MS: '1000',
          PUBLIC_URL: 'https://karya.example.in',
        },
        process.env.E2E_WA_PORT ? Number(process.env.E2E_WA_PORT) : undefined,
      );
      await use({ server, fake });
      await server.stop();
      await fake.stop();
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ wa }, use) => use(wa.server.baseURL),
});

/** Posts a body to the webhook as Meta does, signed with the app's secret; expects 200. */
export async function postSignedWebhook(baseURL: string, body: string): Promise<void> {
  const signature = createHmac('sha256', APP_SECRET).update(body).digest('hex');
  const answer = await fetch(`${baseURL}/api/whatsapp-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    body,
  });
  expect(answer.status, await answer.text()).toBe(200);
}
