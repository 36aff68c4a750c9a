import type { ErrorBody, ErrorIssue } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';

/** A failed API call: the HTTP status and the error body of DESIGN §4 (status 0 when the network failed). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: readonly ErrorIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: QueryParams;
  /** Headers of the request's own (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Paths where a 401 answers the request itself (wrong credentials) rather than meaning the session is gone. */
const CREDENTIAL_PATHS = new Set(['/api/auth/login']);

let handleSessionLost: () => void = () => {};

/** The app decides what a lost session means (forget it, go to /login); main.tsx registers that once. */
export function onSessionLost(handler: () => void) {
  handleSessionLost = handler;
}

/** `path?key=value...`, leaving out empty values so URLs stay short and readable. */
function withQuery(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const error = body?.error;
  return new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? MESSAGES.somethingWentWrong, error?.issues ?? []);
}

async function send(path: string, { method = 'GET', body, query, headers }: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      // A FormData body (a file upload) goes as multipart; the browser writes its Content-Type and boundary.
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !(body instanceof FormData) && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', MESSAGES.somethingWentWrong);
  }
  if (response.ok) return response;
  const error = await toApiError(response);
  if (error.status === 401 && !CREDENTIAL_PATHS.has(path)) handleSessionLost();
  throw error;
}

/** Calls the JSON API with the session cookie; resolves with the parsed body, rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Fetches a file (an Excel export) and hands it to the browser as a download. When the server answers
 * 202 instead (the file is made by a job: a big export), resolves with its answer, the job.
 */
export async function downloadFile<Accepted>(path: string, query: QueryParams, fallbackName: string): Promise<Accepted | undefined> {
  const response = await send(path, { query });
  if (response.status === 202) return (await response.json()) as Accepted;
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return undefined;
}

/**
 * Sends a file (multipart) like apiRequest, reporting how much of it has gone (0 to 1) as it goes:
 * fetch cannot tell upload progress, so this one request type uses XMLHttpRequest.
 */
export function uploadWithProgress<T>(path: string, { query, body, onProgress }: { query?: QueryParams; body: FormData; onProgress?: (sent: number) => void }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', withQuery(path, query));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', MESSAGES.somethingWentWrong));
    request.onload = () => {
      const parsed = (() => {
        try {
          return JSON.parse(request.responseText) as unknown;
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) {
        resolve(parsed as T);
        return;
      }
      const error = (parsed as Partial<ErrorBody> | null)?.error;
      if (request.status === 401) handleSessionLost();
      reject(new ApiError(request.status, error?.code ?? 'INTERNAL', error?.message ?? MESSAGES.somethingWentWrong, error?.issues ?? []));
    };
    request.send(body);
  });
}
