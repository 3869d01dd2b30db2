import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended floor.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the username does not exist, so that
 * the answer's timing does not tell which usernames are real.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('karya-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
