import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3 that speaks the protocol the SDK speaks: path-style PutObject, GetObject and
 * DeleteObject on one bucket, each request's AWS Signature Version 4 verified against the secret
 * (a wrong key or a tampered body is refused with 403 SignatureDoesNotMatch, as S3 does).
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** While true, DeleteObject is refused with 403 AccessDenied (a bucket policy without s3:DeleteObject). */
  refuseDeletes: boolean;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function expectedSignature(request: http.IncomingMessage, body: Buffer, secret: string): { signature: string; accessKeyId: string } | null {
  const authorization = request.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return null;
  const [, accessKeyId, date, region, signedHeaders] = match as unknown as [string, string, string, string, string];
  const url = new URL(request.url ?? '/', 'http://fake');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return { signature: 'payload-mismatch', accessKeyId };
  const canonicalRequest = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', String(request.headers['x-amz-date']), scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return { signature: createHmac('sha256', signingKey).update(stringToSign).digest('hex'), accessKeyId };
}

function xmlError(response: http.ServerResponse, status: number, code: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

export async function startFakeS3(): Promise<FakeS3> {
  const fake = { bucket: 'facet-media', accessKeyId: 'FAKEACCESSKEY', secretAccessKey: 'fake-secret-key', objects: new Map(), refuseDeletes: false } as FakeS3;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const expected = expectedSignature(request, body, fake.secretAccessKey);
      const given = /Signature=([0-9a-f]{64})/.exec(request.headers.authorization ?? '')?.[1];
      if (!expected || expected.accessKeyId !== fake.accessKeyId) return xmlError(response, 403, 'InvalidAccessKeyId');
      if (expected.signature !== given) return xmlError(response, 403, 'SignatureDoesNotMatch');
      const [, bucket, ...keyParts] = new URL(request.url ?? '/', 'http://fake').pathname.split('/');
      const key = decodeURIComponent(keyParts.join('/'));
      if (bucket !== fake.bucket) return xmlError(response, 404, 'NoSuchBucket');
      if (request.method === 'PUT') {
        fake.objects.set(key, { body, contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      const object = fake.objects.get(key);
      if (request.method === 'HEAD') {
        response.writeHead(object ? 200 : 404, object ? { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.body.length } : {});
        return response.end();
      }
      if (request.method === 'GET') {
        if (!object) return xmlError(response, 404, 'NoSuchKey');
        // Only the one range form the storage adapter sends: bytes=start-end.
        const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
        if (range) {
          const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.body.length - 1)];
          const part = object.body.subarray(start, end + 1);
          response.writeHead(206, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': part.length, 'content-range': `bytes ${start}-${end}/${object.body.length}` });
          return response.end(part);
        }
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.body.length });
        return response.end(object.body);
      }
      if (request.method === 'DELETE') {
        if (fake.refuseDeletes) return xmlError(response, 403, 'AccessDenied');
        fake.objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      return xmlError(response, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return fake;
}
