import type { FastifyInstance } from 'fastify';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  judgeQueuedQuotesWith,
  judgeQueuedUpdatesWith,
  queueUpdatesInThisProcess,
} from '../update-outbox';
import { quoteWillGoByItself, willGoByItself } from './customer-updates.service';
import { OutboxWorker } from './outbox-worker';

const WORKERS = new WeakMap<FastifyInstance, OutboxWorker>();

/**
 * Starts the outbox worker with the app and stops it on close (issue 40); none without the
 * Cloud API. The worker reads the queue every pollMs and is woken after every answered
 * change: by then the request's transaction, and any update it queued, has committed.
 */
export function registerOutboxWorker(
  app: FastifyInstance,
  db: Database,
  cloud: WhatsAppCloudConfig | null,
): OutboxWorker | null {
  if (!cloud) return null;
  queueUpdatesInThisProcess();
  judgeQueuedUpdatesWith(willGoByItself);
  judgeQueuedQuotesWith(quoteWillGoByItself);
  const worker = new OutboxWorker(db, cloud, { pollMs: cloud.outboxPollMs, log: app.log });
  WORKERS.set(app, worker);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') worker.wake();
  });
  app.addHook('onReady', async () => worker.start());
  // Before the database closes (an onClose hook): the row in hand is finished or left leased.
  app.addHook('preClose', async () => worker.stop());
  return worker;
}

/** The app's outbox worker, for tests to drain; null without the Cloud API. */
export const outboxWorkerOf = (app: FastifyInstance): OutboxWorker | null =>
  WORKERS.get(app) ?? null;
