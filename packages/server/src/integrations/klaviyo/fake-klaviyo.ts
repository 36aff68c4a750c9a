import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KLAVIYO_REVISION } from './klaviyo-client.ts';

/**
 * A local Klaviyo that speaks the part of its REST API Facet uses, as Klaviyo does: the
 * `Klaviyo-API-Key` header checked (401 otherwise, Klaviyo's error document), the `revision` header
 * required (400 without), JSON:API bodies checked for their `type`, cursor paging with absolute
 * `links.next` (templates 10 a page, profiles up to `page[size]` 100), profiles (409
 * duplicate_profile with its id), list subscriptions through the bulk jobs (202), lists, campaigns
 * with their message, template assignment, send jobs (scheduled, cancelled) and a campaign's status,
 * which becomes Sent once its time has come (the clock is injectable). `failNext` makes the next
 * requests answer 429 with Retry-After, or a 5xx.
 */

interface FakeProfile {
  id: string;
  email: string;
  /** The lists whose e-mail marketing it is subscribed to. */
  subscribedTo: Set<string>;
}
interface FakeCampaign {
  id: string;
  name: string;
  status: string;
  included: string[];
  excluded: string[];
  sendAt: string;
  messageId: string;
  templateId: string | null;
}
export interface FakeKlaviyoOptions {
  apiKey?: string;
  /** Template names the account has (default a handful). */
  templates?: string[];
  /** The subscribers' list and its members' e-mails. */
  listId?: string;
  members?: string[];
  now?: () => number;
}

type Failure = { status: number; retryAfterSeconds?: number };
type Handler = (request: { method: string; url: URL; body: unknown; params: string[] }) => { status: number; body?: unknown; headers?: Record<string, string> };

const newId = () => randomBytes(6).toString('hex').toUpperCase();
const errors = (status: number, code: string, title: string, detail = title, meta?: Record<string, unknown>) => ({
  status,
  body: { errors: [{ id: newId(), status: String(status), code, title, detail, source: { pointer: '/data/' }, ...(meta ? { meta } : {}) }] },
});

export async function startFakeKlaviyo(options: FakeKlaviyoOptions = {}) {
  const now = options.now ?? Date.now;
  const state = {
    apiKey: options.apiKey ?? 'pk_fake_klaviyo_key',
    templates: (options.templates ?? ['Autumn Collection', 'Bridal Edit', 'Christmas Gifts', 'Diamond Guide', 'Welcome']).map((name, index) => ({ id: `T${String(index + 1).padStart(5, '0')}`, name })),
    lists: new Map<string, { name: string; profiles: Set<string> }>(),
    profiles: new Map<string, FakeProfile>(),
    campaigns: new Map<string, FakeCampaign>(),
    failures: [] as Failure[],
    /** Every request as received, for tests that check what was sent. */
    requests: [] as { method: string; path: string; body: unknown; headers: http.IncomingHttpHeaders }[],
  };
  const listId = options.listId ?? 'NEWSLIST';
  state.lists.set(listId, { name: 'Newsletter', profiles: new Set() });
  const profileByEmail = (email: string) => [...state.profiles.values()].find((profile) => profile.email.toLowerCase() === email.toLowerCase());
  const addProfile = (email: string) => {
    const profile = { id: `01P${newId()}`, email, subscribedTo: new Set<string>() };
    state.profiles.set(profile.id, profile);
    return profile;
  };
  for (const email of options.members ?? []) {
    const profile = addProfile(email);
    profile.subscribedTo.add(listId);
    state.lists.get(listId)!.profiles.add(profile.id);
  }
  let origin = '';

  /** A page of `items` from `page[cursor]` (an offset), with the absolute next link. */
  function paged<T>(url: URL, items: T[], pageSize: number, toResource: (item: T) => unknown) {
    const offset = Number(url.searchParams.get('page[cursor]') ?? 0) || 0;
    const page = items.slice(offset, offset + pageSize);
    let next: string | null = null;
    if (offset + pageSize < items.length) {
      const nextUrl = new URL(url.pathname + url.search, origin);
      nextUrl.searchParams.set('page[cursor]', String(offset + pageSize));
      next = nextUrl.toString();
    }
    return { status: 200, body: { data: page.map(toResource), links: { self: url.toString(), next, prev: null } } };
  }
  const profileResource = (profile: FakeProfile) => ({ type: 'profile', id: profile.id, attributes: { email: profile.email } });
  const pageSizeOf = (url: URL) => Math.min(Number(url.searchParams.get('page[size]') ?? 20) || 20, 100);
  const dataOf = (body: unknown, type: string) => {
    const data = (body as { data?: { type?: string } } | null)?.data;
    return data && !Array.isArray(data) && data.type === type ? (data as { type: string; id?: string; attributes?: Record<string, unknown>; relationships?: Record<string, { data?: { id?: string } }> }) : null;
  };
  const campaignResource = (campaign: FakeCampaign) => {
    // Klaviyo sends a scheduled campaign at its time: read after it, it is Sent.
    if (campaign.status === 'Scheduled' && Date.parse(campaign.sendAt) <= now()) campaign.status = 'Sent';
    return {
      type: 'campaign',
      id: campaign.id,
      attributes: { name: campaign.name, status: campaign.status, audiences: { included: campaign.included, excluded: campaign.excluded }, send_strategy: { method: 'static', datetime: campaign.sendAt } },
      relationships: { 'campaign-messages': { data: [{ type: 'campaign-message', id: campaign.messageId }] } },
    };
  };

  const routes: [string, RegExp, Handler][] = [
    ['GET', /^\/api\/templates\/?$/, ({ url }) => paged(url, state.templates, 10, (t) => ({ type: 'template', id: t.id, attributes: { name: t.name, editor_type: 'CODE' } }))],
    [
      'GET',
      /^\/api\/lists\/([^/]+)\/profiles\/?$/,
      ({ url, params }) => {
        const list = state.lists.get(params[0]!);
        if (!list) return errors(404, 'not_found', 'A list with id ' + params[0] + ' does not exist.');
        return paged(url, [...list.profiles].map((id) => state.profiles.get(id)!), pageSizeOf(url), profileResource);
      },
    ],
    [
      'GET',
      /^\/api\/profiles\/?$/,
      ({ url }) => {
        const filter = url.searchParams.get('filter') ?? '';
        const match = /^any\(email,(\[.*\])\)$/.exec(filter);
        let emails: string[] | null = null;
        if (filter) {
          try {
            emails = match ? (JSON.parse(match[1]!) as string[]) : null;
          } catch {
            emails = null;
          }
          if (!emails) return errors(400, 'invalid', 'Invalid filter provided', `'${filter}' is not a valid filter.`);
        }
        const wanted = emails && new Set(emails.map((email) => email.toLowerCase()));
        return paged(url, [...state.profiles.values()].filter((profile) => !wanted || wanted.has(profile.email.toLowerCase())), pageSizeOf(url), profileResource);
      },
    ],
    [
      'POST',
      /^\/api\/profiles\/?$/,
      ({ body }) => {
        const data = dataOf(body, 'profile');
        const email = data?.attributes?.email;
        if (typeof email !== 'string' || !email.includes('@')) return errors(400, 'invalid', 'Invalid input.', 'An email is required.');
        const existing = profileByEmail(email);
        if (existing) return errors(409, 'duplicate_profile', 'Conflict.', 'A profile already exists with one of these identifiers.', { duplicate_profile_id: existing.id });
        return { status: 201, body: { data: profileResource(addProfile(email)) } };
      },
    ],
    [
      'POST',
      /^\/api\/profile-subscription-bulk-(create|delete)-jobs\/?$/,
      ({ body, params }) => {
        const isCreate = params[0] === 'create';
        const data = dataOf(body, `profile-subscription-bulk-${params[0]}-job`);
        const list = data?.relationships?.list?.data?.id;
        const profiles = (data?.attributes?.profiles as { data?: { attributes?: { email?: string } }[] } | undefined)?.data;
        if (!data || !list || !Array.isArray(profiles)) return errors(400, 'invalid', 'Invalid input.');
        if (!state.lists.has(list)) return errors(404, 'not_found', `A list with id ${list} does not exist.`);
        for (const entry of profiles) {
          const email = entry.attributes?.email;
          if (typeof email !== 'string') return errors(400, 'invalid', 'Invalid input.', 'Each profile needs an email.');
          const profile = profileByEmail(email) ?? (isCreate ? addProfile(email) : null);
          if (!profile) continue;
          if (isCreate) {
            profile.subscribedTo.add(list);
            state.lists.get(list)!.profiles.add(profile.id);
          } else {
            profile.subscribedTo.delete(list);
            state.lists.get(list)!.profiles.delete(profile.id);
          }
        }
        return { status: 202 };
      },
    ],
    [
      'POST',
      /^\/api\/lists\/?$/,
      ({ body }) => {
        const name = dataOf(body, 'list')?.attributes?.name;
        if (typeof name !== 'string' || !name) return errors(400, 'invalid', 'Invalid input.', 'A list needs a name.');
        const id = newId();
        state.lists.set(id, { name, profiles: new Set() });
        return { status: 201, body: { data: { type: 'list', id, attributes: { name } } } };
      },
    ],
    [
      'POST',
      /^\/api\/lists\/([^/]+)\/relationships\/profiles\/?$/,
      ({ body, params }) => {
        const list = state.lists.get(params[0]!);
        if (!list) return errors(404, 'not_found', `A list with id ${params[0]} does not exist.`);
        const data = (body as { data?: { type?: string; id?: string }[] } | null)?.data;
        if (!Array.isArray(data) || data.some((entry) => entry.type !== 'profile' || !entry.id || !state.profiles.has(entry.id))) return errors(400, 'invalid', 'Invalid input.', 'Unknown profiles.');
        for (const entry of data) list.profiles.add(entry.id!);
        return { status: 204 };
      },
    ],
    [
      'POST',
      /^\/api\/campaigns\/?$/,
      ({ body }) => {
        const data = dataOf(body, 'campaign');
        const attributes = data?.attributes as
          | { name?: string; audiences?: { included?: string[]; excluded?: string[] }; send_strategy?: { method?: string; datetime?: string }; 'campaign-messages'?: { data?: unknown[] } }
          | undefined;
        const included = attributes?.audiences?.included;
        if (!attributes?.name || !Array.isArray(included) || included.length === 0) return errors(400, 'invalid', 'Invalid input.', 'A campaign needs a name and an included audience.');
        const unknown = [...included, ...(attributes.audiences?.excluded ?? [])].filter((id) => !state.lists.has(id));
        if (unknown.length) return errors(400, 'invalid', 'Invalid input.', `Unknown audiences: ${unknown.join(', ')}`);
        const datetime = attributes.send_strategy?.datetime;
        if (attributes.send_strategy?.method !== 'static' || !datetime || Number.isNaN(Date.parse(datetime))) return errors(400, 'invalid', 'Invalid input.', 'A static send strategy needs a datetime.');
        if (!Array.isArray(attributes['campaign-messages']?.data) || attributes['campaign-messages'].data.length !== 1) return errors(400, 'invalid', 'Invalid input.', 'One campaign message is required.');
        const campaign: FakeCampaign = { id: `01C${newId()}`, name: attributes.name, status: 'Draft', included, excluded: attributes.audiences?.excluded ?? [], sendAt: datetime, messageId: `01M${newId()}`, templateId: null };
        state.campaigns.set(campaign.id, campaign);
        return { status: 201, body: { data: campaignResource(campaign) } };
      },
    ],
    [
      'GET',
      /^\/api\/campaigns\/([^/]+)\/?$/,
      ({ params }) => {
        const campaign = state.campaigns.get(params[0]!);
        return campaign ? { status: 200, body: { data: campaignResource(campaign) } } : errors(404, 'not_found', `A campaign with id ${params[0]} does not exist.`);
      },
    ],
    [
      'POST',
      /^\/api\/campaign-message-assign-template\/?$/,
      ({ body }) => {
        const data = dataOf(body, 'campaign-message');
        const templateId = data?.relationships?.template?.data?.id;
        const campaign = [...state.campaigns.values()].find((c) => c.messageId === data?.id);
        if (!campaign) return errors(404, 'not_found', 'Campaign message not found.');
        if (!templateId || !state.templates.some((t) => t.id === templateId)) return errors(400, 'invalid', 'Invalid input.', `Unknown template ${templateId}.`);
        campaign.templateId = templateId;
        return { status: 201, body: { data: { type: 'campaign-message', id: campaign.messageId } } };
      },
    ],
    [
      'POST',
      /^\/api\/campaign-send-jobs\/?$/,
      ({ body }) => {
        const campaign = state.campaigns.get(dataOf(body, 'campaign-send-job')?.id ?? '');
        if (!campaign) return errors(404, 'not_found', 'Campaign not found.');
        if (campaign.status !== 'Draft') return errors(400, 'invalid', 'Invalid input.', `A ${campaign.status} campaign cannot be sent.`);
        if (!campaign.templateId) return errors(400, 'invalid', 'Invalid input.', 'The campaign message has no template.');
        campaign.status = 'Scheduled';
        return { status: 202, body: { data: { type: 'campaign-send-job', id: campaign.id, attributes: { status: 'queued' } } } };
      },
    ],
    [
      'PATCH',
      /^\/api\/campaign-send-jobs\/([^/]+)\/?$/,
      ({ body, params }) => {
        const data = dataOf(body, 'campaign-send-job');
        const campaign = state.campaigns.get(params[0]!);
        if (!campaign || !data || data.id !== params[0]) return errors(404, 'not_found', 'Campaign send job not found.');
        if (data.attributes?.action !== 'cancel' && data.attributes?.action !== 'revert') return errors(400, 'invalid', 'Invalid input.', 'action must be cancel or revert.');
        campaignResource(campaign);
        if (campaign.status !== 'Scheduled' && campaign.status !== 'Sending') return errors(400, 'invalid', 'Invalid input.', `A ${campaign.status} campaign cannot be cancelled.`);
        campaign.status = data.attributes.action === 'cancel' ? 'Cancelled' : 'Draft';
        return { status: 204 };
      },
    ],
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      let isBadJson = false;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        isBadJson = true;
      }
      state.requests.push({ method: req.method ?? '', path: url.pathname + url.search, body, headers: req.headers });
      const send = (answer: { status: number; body?: unknown; headers?: Record<string, string> }) => {
        res.writeHead(answer.status, { ...(answer.body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }), ...answer.headers });
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      };
      const failure = state.failures.shift();
      if (failure) {
        const answer = failure.status === 429 ? errors(429, 'throttled', 'Request was throttled.', `Request was throttled. Expected available in ${failure.retryAfterSeconds ?? 1} second.`) : errors(failure.status, 'error', 'A server error occurred.');
        return send({ ...answer, headers: failure.status === 429 ? { 'retry-after': String(failure.retryAfterSeconds ?? 1) } : {} });
      }
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Klaviyo-API-Key ')) return send(errors(401, 'not_authenticated', 'Authentication credentials were not provided.'));
      if (auth.slice('Klaviyo-API-Key '.length) !== state.apiKey) return send(errors(401, 'not_authenticated', 'Incorrect authentication credentials.'));
      const revision = req.headers.revision;
      if (typeof revision !== 'string' || !/^\d{4}-\d{2}-\d{2}(\.pre)?$/.test(revision)) return send(errors(400, 'invalid', 'Invalid input.', 'The revision header is required (format YYYY-MM-DD).'));
      if (isBadJson) return send(errors(400, 'parse_error', 'Malformed JSON.'));
      if (req.method !== 'GET' && text && !String(req.headers['content-type'] ?? '').includes('json')) return send(errors(415, 'unsupported_media_type', 'Unsupported media type.'));
      for (const [method, pattern, handle] of routes) {
        const match = pattern.exec(url.pathname);
        if (method === req.method && match) return send(handle({ method, url, body, params: match.slice(1).map(decodeURIComponent) }));
      }
      send(errors(404, 'not_found', 'Not found.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    apiKey: state.apiKey,
    listId,
    revision: KLAVIYO_REVISION,
    state,
    /** The next `count` requests fail with `status` (429 carries Retry-After). */
    failNext(count: number, status: number, retryAfterSeconds?: number) {
      for (let i = 0; i < count; i++) state.failures.push({ status, retryAfterSeconds });
    },
    /** Whether the e-mail's profile is subscribed to the newsletter list. */
    isSubscribed(email: string, list = listId) {
      return profileByEmail(email)?.subscribedTo.has(list) ?? false;
    },
    profileOf: (email: string) => profileByEmail(email) ?? null,
    campaigns: () => [...state.campaigns.values()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeKlaviyo = Awaited<ReturnType<typeof startFakeKlaviyo>>;
