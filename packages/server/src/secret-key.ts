import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * The one key behind secrets at rest and keyed hashes (SECURITY.md, "Secrets at rest"). Production
 * sets FACET_SECRET_KEY (every process of a shop must share it); the embedded default generates one
 * into DATA_DIR/secret.key on first use, readable by its owner only, so `npm start` needs nothing.
 */
const keysByFile = new Map<string, Buffer>();

export function secretKeyOf(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  const known = keysByFile.get(file);
  if (known) return known;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(config.dataDir, { recursive: true });
    key = randomBytes(32);
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    try {
      fs.writeFileSync(file, key.toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    }
  }
  if (key.length !== 32) throw new Error(`${file}: not a secret key (32 bytes as 64 hex characters expected).`);
  keysByFile.set(file, key);
  return key;
}

/** Marks a value encrypted by `encryptSecret`, so stored clear text (older rows) is told apart. */
const ENCRYPTED_PREFIX = 'enc:v1:';

/** AES-256-GCM with a random nonce: `enc:v1:<nonce>.<tag>.<ciphertext>`, base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${ENCRYPTED_PREFIX}${[nonce, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')}`;
}

export function isEncryptedSecret(stored: string): boolean {
  return stored.startsWith(ENCRYPTED_PREFIX);
}

/** The clear text of `encryptSecret`'s output; throws when the key is not the one that wrote it. */
export function decryptSecret(key: Buffer, stored: string): string {
  if (!isEncryptedSecret(stored)) throw new Error('Not an encrypted secret.');
  const [nonce, tag, body] = stored.slice(ENCRYPTED_PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!nonce || !tag || !body) throw new Error('Not an encrypted secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** An HMAC-SHA256 keyed with the secret key (hex): a fingerprint of data that may hold a password. */
export function keyedHash(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('hex');
}
