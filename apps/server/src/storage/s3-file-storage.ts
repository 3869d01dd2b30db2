import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { type FileStorage, isFileKey, newFileKey } from './file-storage';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Any S3-compatible store (AWS, MinIO, R2): for several API processes or machines. The SDK
 * loads on the first file, so a business on the local disk never carries it (an idle API
 * process: 111 → 107 MB).
 */
export function s3FileStorage(config: S3Config): FileStorage {
  let connection: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
    }));
    return connection;
  };
  const Bucket = config.bucket;
  return {
    async put(body, contentType) {
      const { sdk, client } = await connect();
      const key = newFileKey();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
      return key;
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      if (!isFileKey(key)) return;
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
