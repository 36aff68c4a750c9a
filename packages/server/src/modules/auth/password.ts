import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (DESIGN §1); the output starts with `$argon2id$`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 /* Algorithm.Argon2id; the const enum cannot be imported under isolatedModules */ });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the username is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-facet');
  return dummyHash;
}
