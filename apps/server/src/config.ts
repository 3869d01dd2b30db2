import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_WEB_DIST } from './paths';

export interface Config {
  port: number;
  host: string;
  /** postgres://… for a server; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  cookieSecure: boolean;
  logLevel: string;
  corsOrigins: string[];
  webDist: string;
  sessionDays: number;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** BENCH_CEILINGS=1: the bench's ceiling routes under /api/bench (issue 17); not for production. */
  benchCeilings: boolean;
  /**
   * How often each process looks for an import to commit (issue 36) besides the wake after a
   * commit is asked: one left by a process that died resumes when its lease runs out. 0: never
   * by itself (tests drain it). IMPORT_POLL_MS, default 5000.
   */
  importPollMs: number;
  /**
   * PUBLIC_URL: where customers open Karya's public links (status pages, the QR stickers of
   * issue 37), e.g. https://karya.example.in; absent: the address of the request that makes them.
   */
  publicUrl: string | undefined;
  /** The UPI payee of bills when a branch sets none (decision 008); absent means no QR code. */
  upiVpa: string | undefined;
  upiName: string | undefined;
  /** The system reset's password (decision 012); absent means the reset is disabled. */
  resetPassword: string | undefined;
  /** BACKUP_KEEP: the newest backups kept under dataDir/backups; a reset deletes older ones. */
  backupKeep: number;
  /** API processes sharing the port (decision 014); more than one needs PostgreSQL. */
  workers: number;
  /**
   * DATABASE_POOL_SIZE: connections each API process may hold to PostgreSQL (issue 39 item
   * 27). By default the workers together stay under 80, below PostgreSQL's max_connections
   * of 100 with room for psql, backups and a cluster's primary.
   */
  databasePoolSize: number;
  /**
   * The WhatsApp Business Cloud API (issue 21): with it, customer updates are sent by the
   * server instead of the sender's own WhatsApp. Null: click-to-send links only.
   */
  whatsappCloud: WhatsAppCloudConfig | null;
  /** An S3-compatible store for uploaded files (issue 22); null: the disk under dataDir/files. */
  s3: S3Config | null;
  /** Maintenance contracts (issue 23, decision 035): see AmcConfig. */
  amc: AmcConfig;
}

export interface AmcConfig {
  /** AMC_LEAD_DAYS: a visit's work order opens this many days before it is due (default 7). */
  leadDays: number;
  /** AMC_SCHEDULER_MINUTES: how often the scheduler runs (default 15; 0: only at start). */
  schedulerMinutes: number;
  /**
   * KARYA_TEST_CLOCK=1: the admin-only POST /api/test-clock sets the day this process takes
   * as today (browser journeys); absent otherwise. Never in production.
   */
  testClock: boolean;
}

export interface S3Config {
  /** Absent: AWS itself; MinIO, R2 or a local fake give their address. */
  endpoint: string | undefined;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

export interface WhatsAppCloudConfig {
  token: string;
  phoneNumberId: string;
  /** Graph API address and version; a local fake in the tests. */
  apiBase: string;
  /** Where customers open their status links, e.g. https://karya.example.in. */
  publicUrl: string;
  /** Meta's webhook verification (GET) token; absent: the webhook is not verified. */
  webhookVerifyToken: string | undefined;
  /**
   * The Meta app's secret, which signs each webhook POST (X-Hub-Signature-256); absent:
   * the webhook takes no statuses, since none could be told from a forgery.
   */
  appSecret: string | undefined;
  /**
   * How often each process reads the queue of updates sent at the event (issue 40), in ms,
   * besides the wake after each change; 0: never by itself (tests drain it). Default 5000.
   */
  outboxPollMs: number;
}

/** A setting the server cannot start with; main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}

export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  const workers = workersOf(env.WORKERS, databaseUrl);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    cookieSecure: flag(env.COOKIE_SECURE),
    logLevel: env.LOG_LEVEL ?? 'info',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    trustProxy: flag(env.TRUST_PROXY),
    benchCeilings: flag(env.BENCH_CEILINGS),
    importPollMs: pollOf('IMPORT_POLL_MS', env.IMPORT_POLL_MS),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    upiVpa: env.UPI_VPA?.trim() || undefined,
    upiName: env.UPI_NAME?.trim() || undefined,
    // Not trimmed: whatever the operator typed is the password.
    resetPassword: env.RESET_PASSWORD || undefined,
    backupKeep: backupKeepOf(env.BACKUP_KEEP),
    workers,
    databasePoolSize: poolSizeOf(env.DATABASE_POOL_SIZE, workers),
    whatsappCloud: whatsappCloudOf(env),
    s3: s3Of(env),
    amc: amcOf(env),
  };
}

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number) {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > max) {
    throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got "${value}"`);
  }
  return n;
}

/** At least 1: the backup a reset has just written is never its own pruning's victim. */
function backupKeepOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const keep = Number(value);
  if (!/^\d+$/.test(value.trim()) || keep < 1 || keep > 10_000) {
    throw new ConfigError(
      `BACKUP_KEEP must be a whole number of backups from 1 to 10000, got "${value}"`,
    );
  }
  return keep;
}

function amcOf(env: Env): AmcConfig {
  return {
    leadDays: wholeNumber('AMC_LEAD_DAYS', env.AMC_LEAD_DAYS, 7, 90),
    schedulerMinutes: wholeNumber('AMC_SCHEDULER_MINUTES', env.AMC_SCHEDULER_MINUTES, 15, 1440),
    testClock: flag(env.KARYA_TEST_CLOCK),
  };
}

/** S3_BUCKET turns the S3 driver on; it then needs both keys. */
function s3Of(env: Env): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE),
  };
}

/** WHATSAPP_TOKEN turns the Cloud API on; it then needs the number's id and the public URL. */
function whatsappCloudOf(env: Env): WhatsAppCloudConfig | null {
  const token = env.WHATSAPP_TOKEN?.trim();
  if (!token) return null;
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (!phoneNumberId || !publicUrl) {
    throw new ConfigError(
      'WHATSAPP_TOKEN needs WHATSAPP_PHONE_NUMBER_ID (the sending number) and PUBLIC_URL (where customers open their status links)',
    );
  }
  return {
    token,
    phoneNumberId,
    apiBase: (env.WHATSAPP_API_BASE?.trim() || 'https://graph.facebook.com/v21.0').replace(
      /\/+$/,
      '',
    ),
    publicUrl,
    webhookVerifyToken: env.WHATSAPP_WEBHOOK_VERIFY_TOKEN?.trim() || undefined,
    appSecret: env.WHATSAPP_APP_SECRET?.trim() || undefined,
    outboxPollMs: outboxPollOf(env.WHATSAPP_OUTBOX_POLL_MS),
  };
}

function pollOf(name: string, value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new ConfigError(`${name} must be a whole number of milliseconds, 0 or more`);
  }
  return ms;
}

function outboxPollOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new ConfigError(
      'WHATSAPP_OUTBOX_POLL_MS must be a whole number of milliseconds, 0 or more',
    );
  }
  return ms;
}

/**
 * WORKERS, or by default every core on PostgreSQL and one process on PGlite, whose data
 * folder only one process may open (decision 014).
 */
function workersOf(value: string | undefined, databaseUrl: string | undefined): number {
  if (!value) return databaseUrl ? availableParallelism() : 1;
  const workers = Number(value);
  if (!/^\d+$/.test(value.trim()) || workers < 1) {
    throw new ConfigError(
      `WORKERS must be a whole number of processes (1 or more), got "${value}"`,
    );
  }
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError(
      `WORKERS=${workers} needs DATABASE_URL: the embedded PGlite database can be opened by one process only. Set DATABASE_URL=postgres://… to run several API processes, or WORKERS=1.`,
    );
  }
  return workers;
}

/** All workers' pools together stay within this many connections by default. */
export const POOL_BUDGET = 80;
/** One process never needs more by default: the pool Karya had before the setting. */
export const DEFAULT_POOL_MOST = 10;
/**
 * Below two, a request that reads through the pool while a transaction holds the only
 * connection would wait for itself; the start-up migration also holds one while it runs on
 * another.
 */
export const POOL_LEAST = 2;
const POOL_MOST = 1000;

function poolSizeOf(value: string | undefined, workers: number): number {
  if (value === undefined || value.trim() === '') {
    return Math.max(POOL_LEAST, Math.min(DEFAULT_POOL_MOST, Math.floor(POOL_BUDGET / workers)));
  }
  const size = Number(value);
  if (!/^\d+$/.test(value.trim()) || size < POOL_LEAST || size > POOL_MOST) {
    throw new ConfigError(
      `DATABASE_POOL_SIZE must be a whole number of connections from ${POOL_LEAST} to ${POOL_MOST}, got "${value}"`,
    );
  }
  return size;
}
