import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import type { MediaStorage } from '../../modules/media/media.storage.ts';
import { MEDIA_URL_PREFIX } from '../../modules/media/media.storage.ts';

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces). Objects are
 * private: the app streams them out through /media/<name>, so the nosniff and CSP headers hold and
 * the bucket needs no public policy.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible services reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (name: string) => `${settings.prefix}${name}`;
  return {
    async put(name, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key(name), Body: body, ContentType: contentType }));
    },
    async open(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
    },
    urlOf: (name) => `${MEDIA_URL_PREFIX}${name}`,
  };
}
