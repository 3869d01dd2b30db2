import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type FileStorage, isFileKey, newFileKey } from './file-storage';

/** Files on the server's own disk, under DATA_DIR/files: the default, nothing to install. */
export function localFileStorage(dir: string): FileStorage {
  // Two hex characters of fan-out keep any one folder small.
  const pathOf = (key: string) => join(dir, key.slice(0, 2), key);
  return {
    async put(body) {
      const key = newFileKey();
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      await writeFile(pathOf(key), body, { flag: 'wx' });
      return key;
    },
    async get(key): Promise<Readable | null> {
      if (!isFileKey(key)) return null;
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async delete(key) {
      if (!isFileKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
