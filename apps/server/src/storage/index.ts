import { join } from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { localFileStorage } from './local-file-storage';
import { s3FileStorage } from './s3-file-storage';

export type { FileStorage } from './file-storage';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/files (decision 032). */
export function fileStorageOf(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? s3FileStorage(config.s3) : localFileStorage(join(config.dataDir, 'files'));
}
