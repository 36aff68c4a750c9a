import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSecretKey } from './config.ts';
import { decryptSecret, encryptSecret, isEncryptedSecret, keyedHash, secretKeyOf } from './secret-key.ts';

describe('secret key', () => {
  it('is generated once into DATA_DIR/secret.key, readable by its owner only, and read back the same', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-key-'));
    const key = secretKeyOf({ secretKey: undefined, dataDir });
    expect(key).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    const again = secretKeyOf({ secretKey: undefined, dataDir: `${dataDir}/.` });
    expect(again.equals(key)).toBe(true);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('comes from FACET_SECRET_KEY as hex or base64, and a key of another length stops the start', () => {
    expect(parseSecretKey('ab'.repeat(32))?.toString('hex')).toBe('ab'.repeat(32));
    expect(parseSecretKey(Buffer.alloc(32, 1).toString('base64'))?.equals(Buffer.alloc(32, 1))).toBe(true);
    expect(parseSecretKey(undefined)).toBeUndefined();
    expect(() => parseSecretKey('short')).toThrow(/32 bytes/);
  });

  it('encrypts so the stored text holds no clear text, differs each time, and only its key reads it', () => {
    const key = Buffer.alloc(32, 3);
    const stored = encryptSecret(key, 'hunter2-password');
    expect(stored).not.toContain('hunter2');
    expect(isEncryptedSecret(stored)).toBe(true);
    expect(encryptSecret(key, 'hunter2-password')).not.toBe(stored);
    expect(decryptSecret(key, stored)).toBe('hunter2-password');
    expect(() => decryptSecret(Buffer.alloc(32, 4), stored)).toThrow();
    expect(() => decryptSecret(key, 'hunter2-password')).toThrow();
  });

  it('keys its hashes: another key gives another fingerprint of the same data', () => {
    expect(keyedHash(Buffer.alloc(32, 1), 'body')).not.toBe(keyedHash(Buffer.alloc(32, 2), 'body'));
    expect(keyedHash(Buffer.alloc(32, 1), 'body')).toBe(keyedHash(Buffer.alloc(32, 1), 'body'));
  });
});
