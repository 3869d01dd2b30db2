import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (issue 22). Keys are made here, random and unguessable, so a
 * file is reached only through a route that checks who asks (decision 032).
 */
export interface FileStorage {
  /** Stores the bytes under a new random key and returns that key. */
  put(body: Buffer, contentType: string): Promise<string>;
  /** The file's bytes, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

export function newFileKey(): string {
  return randomBytes(16).toString('hex');
}

/** A key that did not come from newFileKey can hold nothing (and never a path). */
export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
