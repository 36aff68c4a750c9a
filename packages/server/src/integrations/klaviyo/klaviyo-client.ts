import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Klaviyo's REST API (https://a.klaviyo.com/api/...) over Node's fetch, at revision 2024-10-15:
 * `Authorization: Klaviyo-API-Key <private key>`, the `revision` header on every request, JSON:API
 * bodies (`{ data: { type, id?, attributes, relationships } }`, `application/vnd.api+json`), cursor
 * paging through `links.next`, 429 answered with Retry-After (waited, then tried again), and errors as
 * `{ errors: [{ status, code, title, detail }] }`.
 *
 * The operations the newsletters need: templates and a list's members (the form's choices), a
 * profile made (or found: 409 `duplicate_profile` names it) and subscribed to the list or
 * unsubscribed from it (the bulk subscription jobs), campaigns made with their audiences, their
 * message's template assigned, scheduled (a campaign send job), cancelled (the job's `cancel` action)
 * and read back (their status). A listed audience is a list of its own, made for the campaign.
 */

export const KLAVIYO_BASE_URL = 'https://a.klaviyo.com';
export const KLAVIYO_REVISION = '2024-10-15';
/** The largest page Klaviyo serves for profiles (templates: 10 a page, fixed by Klaviyo). */
export const KLAVIYO_PROFILE_PAGE_SIZE = 100;

/** Why a call failed: the key refused (401/403), Klaviyo unavailable (5xx, 429s, network), or the request refused (4xx). */
export type KlaviyoFailure = 'auth' | 'unavailable' | 'rejected';

export class KlaviyoError extends Error {
  readonly failure: KlaviyoFailure;
  readonly status: number | null;
  constructor(failure: KlaviyoFailure, message: string, status: number | null) {
    super(message);
    this.name = 'KlaviyoError';
    this.failure = failure;
    this.status = status;
  }
}

export interface KlaviyoConfig {
  /** The account's private API key (pk_...). */
  apiKey: string;
  /** https://a.klaviyo.com in production; a fake's http://127.0.0.1:<port> in tests (http only for loopback). */
  baseUrl?: string;
  /** Tries per request on 429, 5xx and network errors (default 4). */
  maxAttempts?: number;
  /** The longest Retry-After honoured (default 60 s). */
  maxRetryAfterMs?: number;
  /** Backoff base on 5xx and network errors (default 500 ms, doubled each try). */
  retryBaseDelayMs?: number;
  requestTimeoutMs?: number;
  fetch?: typeof fetch;
}

export interface KlaviyoTemplate {
  id: string;
  name: string;
}
export interface KlaviyoProfile {
  id: string;
  email: string;
}
/** Klaviyo's campaign statuses: Draft, Scheduled, Queued without Recipients, Sending, Sent, Cancelled, Cancelled: ... */
export interface KlaviyoCampaign {
  id: string;
  status: string;
  messageId: string | null;
}

export interface CampaignInput {
  name: string;
  /** List or segment ids whose profiles receive it. */
  includedListIds: string[];
  excludedListIds: string[];
  /** When it goes out, in UTC. */
  sendAt: Date;
  subject: string;
  fromEmail?: string;
  fromLabel?: string;
}

interface JsonApiResource {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] }>;
}
interface JsonApiDocument {
  data?: JsonApiResource | JsonApiResource[];
  links?: { next?: string | null };
  errors?: { status?: string; code?: string; title?: string; detail?: string; meta?: Record<string, unknown> }[];
}

/** Whether an address may be called over plain http (loopback only: a fake in tests). */
function assertBaseUrl(baseUrl: string) {
  const url = new URL(baseUrl);
  const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback)) throw new Error(`Klaviyo base URL ${baseUrl}: https only (http for loopback).`);
}

const firstError = (body: JsonApiDocument | null) => body?.errors?.[0];
const describe = (body: JsonApiDocument | null, fallback: string) => {
  const error = firstError(body);
  return error ? [error.title, error.detail].filter(Boolean).join(': ') : fallback;
};

/** Visible ASCII only: what an Authorization header carries (Klaviyo's keys are `pk_` and hex). */
const HEADER_SAFE_KEY = /^[\x21-\x7e]+$/;

export function createKlaviyoClient(config: KlaviyoConfig) {
  const baseUrl = (config.baseUrl ?? KLAVIYO_BASE_URL).replace(/\/+$/, '');
  assertBaseUrl(baseUrl);
  const doFetch = config.fetch ?? fetch;
  const maxAttempts = config.maxAttempts ?? 4;
  const maxRetryAfterMs = config.maxRetryAfterMs ?? 60_000;
  const retryBaseDelayMs = config.retryBaseDelayMs ?? 500;
  const stats = { requests: 0, retries: 0 };

  async function request(method: string, pathOrUrl: string, body?: unknown): Promise<JsonApiDocument | null> {
    // A key holding what no header can carry (a stray character pasted with it) would fail every
    // call as if Klaviyo were down; it is the key that is wrong, and no retry mends it.
    if (!HEADER_SAFE_KEY.test(config.apiKey)) throw new KlaviyoError('auth', 'Klaviyo refused the private key: it holds characters no key has. Enter it again under Newsletter > Klaviyo Settings.', null);
    // A `links.next` is absolute; it must stay on Klaviyo's own origin (the key goes with it).
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${baseUrl}${pathOrUrl}`;
    if (new URL(url).origin !== new URL(baseUrl).origin) throw new KlaviyoError('rejected', `Klaviyo sent a next page on another origin: ${url}`, null);
    for (let attempt = 1; ; attempt++) {
      stats.requests++;
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: {
            Authorization: `Klaviyo-API-Key ${config.apiKey}`,
            revision: KLAVIYO_REVISION,
            accept: 'application/vnd.api+json',
            ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(config.requestTimeoutMs ?? 30_000),
        });
      } catch (error) {
        if (attempt >= maxAttempts) throw new KlaviyoError('unavailable', `Klaviyo did not answer: ${(error as Error).message}`, null);
        stats.retries++;
        await sleep(retryBaseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      const text = await response.text();
      let parsed: JsonApiDocument | null = null;
      try {
        parsed = text ? (JSON.parse(text) as JsonApiDocument) : null;
      } catch {
        parsed = null;
      }
      if (response.ok) return parsed;
      if ((response.status === 429 || response.status >= 500) && attempt < maxAttempts) {
        stats.retries++;
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = response.status === 429 && Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter * 1000, maxRetryAfterMs) : retryBaseDelayMs * 2 ** (attempt - 1);
        await sleep(wait);
        continue;
      }
      if (response.status === 401) throw new KlaviyoError('auth', `Klaviyo refused the private key (wrong, expired or revoked): ${describe(parsed, 'not authenticated')}`, 401);
      if (response.status === 403) throw new KlaviyoError('auth', `The Klaviyo private key may not do this (missing scope): ${describe(parsed, 'forbidden')}`, 403);
      if (response.status === 429 || response.status >= 500) throw new KlaviyoError('unavailable', `Klaviyo is unavailable (HTTP ${response.status}): ${describe(parsed, response.statusText)}`, response.status);
      throw Object.assign(new KlaviyoError('rejected', `Klaviyo refused the request (HTTP ${response.status}): ${describe(parsed, response.statusText)}`, response.status), { body: parsed });
    }
  }

  /** Every page of a listing, following `links.next`. */
  async function* pages(path: string): AsyncGenerator<JsonApiResource[]> {
    let next: string | null | undefined = path;
    while (next) {
      const document = await request('GET', next);
      const data = document?.data;
      yield Array.isArray(data) ? data : data ? [data] : [];
      next = document?.links?.next;
    }
  }

  const single = (document: JsonApiDocument | null): JsonApiResource => {
    const data = document?.data;
    if (!data || Array.isArray(data)) throw new KlaviyoError('rejected', 'Klaviyo answered without the resource.', null);
    return data;
  };

  const campaignOf = (resource: JsonApiResource): KlaviyoCampaign => {
    const messages = resource.relationships?.['campaign-messages']?.data;
    const first = Array.isArray(messages) ? messages[0] : messages;
    return { id: resource.id, status: String(resource.attributes?.status ?? ''), messageId: first?.id ?? null };
  };

  async function addProfilesToList(listId: string, profileIds: string[]) {
    // Klaviyo takes at most 1,000 profiles per call.
    for (let start = 0; start < profileIds.length; start += 1000) {
      const data = profileIds.slice(start, start + 1000).map((id) => ({ type: 'profile', id }));
      await request('POST', `/api/lists/${encodeURIComponent(listId)}/relationships/profiles/`, { data });
    }
  }

  return {
    stats,

    /** The account's e-mail templates, by name. */
    async listTemplates(): Promise<KlaviyoTemplate[]> {
      const templates: KlaviyoTemplate[] = [];
      for await (const page of pages('/api/templates/?fields[template]=name&sort=name')) {
        for (const item of page) templates.push({ id: item.id, name: String(item.attributes?.name ?? item.id) });
      }
      return templates;
    },

    /** The profiles on a list (its members), 100 a page. */
    async listMembers(listId: string, options: { limit?: number } = {}): Promise<KlaviyoProfile[]> {
      const members: KlaviyoProfile[] = [];
      const limit = options.limit ?? Number.POSITIVE_INFINITY;
      for await (const page of pages(`/api/lists/${encodeURIComponent(listId)}/profiles/?fields[profile]=email&page[size]=${KLAVIYO_PROFILE_PAGE_SIZE}`)) {
        for (const item of page) {
          if (typeof item.attributes?.email === 'string') members.push({ id: item.id, email: item.attributes.email });
        }
        if (members.length >= limit) break;
      }
      return members.slice(0, limit);
    },

    /** The profiles of these e-mails (those Klaviyo knows), 100 e-mails a request. */
    async findProfiles(emails: string[]): Promise<KlaviyoProfile[]> {
      const found: KlaviyoProfile[] = [];
      for (let start = 0; start < emails.length; start += KLAVIYO_PROFILE_PAGE_SIZE) {
        const filter = `any(email,${JSON.stringify(emails.slice(start, start + KLAVIYO_PROFILE_PAGE_SIZE))})`;
        for await (const page of pages(`/api/profiles/?fields[profile]=email&page[size]=${KLAVIYO_PROFILE_PAGE_SIZE}&filter=${encodeURIComponent(filter)}`)) {
          for (const item of page) if (typeof item.attributes?.email === 'string') found.push({ id: item.id, email: item.attributes.email });
        }
      }
      return found;
    },

    /** The profile of an e-mail: made, or the one Klaviyo has (409 duplicate_profile names its id). */
    async upsertProfile(email: string): Promise<string> {
      try {
        return single(await request('POST', '/api/profiles/', { data: { type: 'profile', attributes: { email } } })).id;
      } catch (error) {
        const body = (error as { body?: JsonApiDocument }).body;
        const duplicate = error instanceof KlaviyoError && error.status === 409 ? firstError(body ?? null)?.meta?.duplicate_profile_id : undefined;
        if (typeof duplicate === 'string') return duplicate;
        throw error;
      }
    },

    /** Subscribes an e-mail to the list's e-mail marketing (a bulk subscription job of one); answers the profile's id. */
    async subscribe(listId: string, email: string): Promise<string> {
      const profileId = await this.upsertProfile(email);
      await request('POST', '/api/profile-subscription-bulk-create-jobs/', {
        data: {
          type: 'profile-subscription-bulk-create-job',
          attributes: {
            custom_source: 'Facet storefront',
            profiles: { data: [{ type: 'profile', id: profileId, attributes: { email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } } }] },
          },
          relationships: { list: { data: { type: 'list', id: listId } } },
        },
      });
      return profileId;
    },

    /** Unsubscribes an e-mail from the list's e-mail marketing (a bulk unsubscription job of one). */
    async unsubscribe(listId: string, email: string): Promise<void> {
      await request('POST', '/api/profile-subscription-bulk-delete-jobs/', {
        data: {
          type: 'profile-subscription-bulk-delete-job',
          attributes: { profiles: { data: [{ type: 'profile', attributes: { email } }] } },
          relationships: { list: { data: { type: 'list', id: listId } } },
        },
      });
    },

    /** A list of these profiles (a listed audience, or its excluded e-mails); answers its id. */
    async createListOf(name: string, profileIds: string[]): Promise<string> {
      const list = single(await request('POST', '/api/lists/', { data: { type: 'list', attributes: { name } } }));
      await addProfilesToList(list.id, profileIds);
      return list.id;
    },

    /** A draft e-mail campaign to these audiences, sent statically at `sendAt` (UTC). */
    async createCampaign(input: CampaignInput): Promise<KlaviyoCampaign> {
      const body = {
        data: {
          type: 'campaign',
          attributes: {
            name: input.name,
            audiences: { included: input.includedListIds, excluded: input.excludedListIds },
            send_strategy: { method: 'static', datetime: input.sendAt.toISOString(), options: { is_local: false } },
            'campaign-messages': {
              data: [
                {
                  type: 'campaign-message',
                  attributes: {
                    channel: 'email',
                    label: input.name,
                    content: { subject: input.subject, ...(input.fromEmail ? { from_email: input.fromEmail } : {}), ...(input.fromLabel ? { from_label: input.fromLabel } : {}) },
                  },
                },
              ],
            },
          },
        },
      };
      return campaignOf(single(await request('POST', '/api/campaigns/', body)));
    },

    /** The template's content becomes the campaign message's. */
    async assignTemplate(messageId: string, templateId: string): Promise<void> {
      await request('POST', '/api/campaign-message-assign-template/', {
        data: { type: 'campaign-message', id: messageId, relationships: { template: { data: { type: 'template', id: templateId } } } },
      });
    },

    /** Schedules the campaign for its send strategy's time (a campaign send job). */
    async scheduleCampaign(campaignId: string): Promise<void> {
      await request('POST', '/api/campaign-send-jobs/', { data: { type: 'campaign-send-job', id: campaignId } });
    },

    /** Cancels a scheduled campaign (its send job's `cancel` action): Klaviyo will not send it. */
    async cancelCampaign(campaignId: string): Promise<void> {
      await request('PATCH', `/api/campaign-send-jobs/${encodeURIComponent(campaignId)}/`, {
        data: { type: 'campaign-send-job', id: campaignId, attributes: { action: 'cancel' } },
      });
    },

    async getCampaign(campaignId: string): Promise<KlaviyoCampaign> {
      return campaignOf(single(await request('GET', `/api/campaigns/${encodeURIComponent(campaignId)}/`)));
    },
  };
}

export type KlaviyoClient = ReturnType<typeof createKlaviyoClient>;

/** Klaviyo's campaign status, as the newsletter's: Sent, Cancelled, or still Pending. */
export function newsletterStateOfCampaign(status: string): 'sent' | 'cancelled' | 'pending' {
  if (/^sent$/i.test(status)) return 'sent';
  if (/^cancel/i.test(status)) return 'cancelled';
  return 'pending';
}
