import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { MEDIA_URL_PREFIX, resolveRange } from '../../storage/media-storage.ts';

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces). Objects are
 * private: the app streams them out through /media/<name>, so the nosniff and CSP headers hold and
 * the bucket needs no public policy.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  // The SDK is loaded with the first use of the bucket: about 6 MB of heap and 30 MB of the server's
  // memory, which a server started for a job, a test or a shop on local media never pays.
  let connected: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Checksums only where S3 requires them: several S3-compatible services reject the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const key = (name: string) => `${settings.prefix}${name}`;
  return {
    async put(name, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: key(name), Body: body, ContentType: contentType }));
    },
    async putFile(name, sourcePath, contentType) {
      // The length is known up front, so the SDK streams the file in one PUT (an unsigned payload) without buffering it.
      const { size } = await fs.promises.stat(sourcePath);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: key(name), Body: fs.createReadStream(sourcePath), ContentLength: size, ContentType: contentType }),
      );
    },
    async open(name, rangeHeader) {
      const { sdk, client } = await connect();
      try {
        // A range needs the size first (a suffix range, the 416 answer); a whole file does not.
        if (rangeHeader !== undefined) {
          const head = await client.send(new sdk.HeadObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
          const size = head.ContentLength ?? 0;
          const range = resolveRange(rangeHeader, size);
          if (range === 'unsatisfiable') return { stream: null, size, range };
          if (range) {
            const part = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key(name), Range: `bytes=${range.start}-${range.end}` }));
            return { stream: (part.Body as Readable | undefined) ?? null, size, range };
          }
        }
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
        const body = (object.Body as Readable | undefined) ?? null;
        return body ? { stream: body, size: object.ContentLength ?? 0, range: null } : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(name) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
    },
    urlOf: (name) => `${MEDIA_URL_PREFIX}${name}`,
  };
}
