import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { fileStorageOf } from '../../src/storage';
import type { FileStorage } from '../../src/storage/file-storage';
import { localFileStorage } from '../../src/storage/local-file-storage';
import { s3FileStorage } from '../../src/storage/s3-file-storage';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** What both drivers must do, whatever holds the bytes. */
function behavesAsFileStorage(storage: () => FileStorage) {
  it('gives back the bytes it was given under a new random key', async () => {
    const body = Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]);
    const key = await storage().put(body, 'image/jpeg');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const again = await storage().put(body, 'image/jpeg');
    expect(again).not.toBe(key);
    const stream = await storage().get(key);
    expect(stream).not.toBeNull();
    expect(await bytesOf(stream as Readable)).toEqual(body);
  });

  it('answers null for a key it does not hold, and for anything that is not a key', async () => {
    expect(await storage().get('0'.repeat(32))).toBeNull();
    expect(await storage().get('../../etc/passwd')).toBeNull();
    expect(await storage().get('')).toBeNull();
  });

  it('deletes a file, and deleting it again is no error', async () => {
    const key = await storage().put(Buffer.from('x'), 'image/png');
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    await storage().delete(key);
  });
}

describe('local disk storage', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'karya-files-'));
    storage = localFileStorage(join(dir, 'files'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  behavesAsFileStorage(() => storage);

  it('keeps files under the folder it was given', async () => {
    const key = await storage.put(Buffer.from('y'), 'image/png');
    expect(await readdir(join(dir, 'files', key.slice(0, 2)))).toContain(key);
  });

  it('is the default, under DATA_DIR/files', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.s3).toBeNull();
    const key = await fileStorageOf(config).put(Buffer.from('z'), 'image/png');
    expect(await readdir(join(dir, 'files', key.slice(0, 2)))).toContain(key);
  });
});

describe('S3-compatible storage (against a local S3 server the test starts)', () => {
  let dir: string;
  let server: S3rver;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'karya-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'karya-files', configs: [] }],
    });
    const { port } = await server.run();
    const config = loadConfig({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'karya-files',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toMatchObject({ bucket: 'karya-files', region: 'us-east-1' });
    storage = fileStorageOf(config);
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  behavesAsFileStorage(() => storage);

  it('a wrong secret is refused by the store, not taken as a missing file', async () => {
    const { port } = server.httpServer.address() as AddressInfo;
    const wrong = s3FileStorage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'no-such-bucket',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    await expect(wrong.put(Buffer.from('a'), 'image/png')).rejects.toThrow();
  });

  it('S3_BUCKET without its keys does not start', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(ConfigError);
  });
});
