import {
  NETWORK_HUBS,
  TMF_ORDER_STATES,
  type NetworkAction,
  type NetworkHub,
  type NetworkService,
  type TmfOrderState,
} from '../../../../../contract/network.ts';
import { nationalNumber } from '../../msisdn.ts';

/** An order as the outbox hands it to the network (docs/product/network.md). */
export interface NetworkOrderOut {
  /** Our order's id, which the network keeps and can be asked for (TMF641 `externalId`: a search key, not an idempotency key). */
  externalId: string;
  service: NetworkService;
  action: NetworkAction;
  /** The number the service is on (a characteristic of every order). */
  msisdn: string | null;
  /** The network's id of the line's service (TMF638 Service.id), which a modify or delete acts on. */
  serviceId?: string | null;
  characteristics: Record<string, string | boolean>;
}

/** What sending an order came to: accepted (the network's id and state), or refused for good or for now. */
export type SendResult =
  | { ok: true; networkId: string; state: TmfOrderState; serviceOrder: unknown }
  | { ok: false; retry: boolean; error: string };

/** An answer that may not have come: what was found, nothing, or what went wrong (try again later). */
export type Lookup<T> = T | { none: true } | { error: string };

/** A number's prepaid balance as the network's charging system holds it (TMF654 Bucket), in euro cents. */
export interface NetworkBalance {
  msisdn: string;
  cents: number;
}

/** A line as the network's inventory holds it (TMF638). */
export interface InventoryLine {
  msisdn: string;
  state: string;
}

export interface NetworkAdapter {
  /** Sends one order (TMF641 POST serviceOrder); the answer's state is the order's first step. */
  send(order: NetworkOrderOut): Promise<SendResult>;
  /** The order the network holds under our externalId (TMF641 GET serviceOrder?externalId=), if any. */
  find(externalId: string): Promise<Lookup<{ serviceOrder: unknown; networkId: string }>>;
  /** The network's service of a line (TMF638 GET service, by its number). */
  serviceOf(msisdn: string): Promise<Lookup<{ serviceId: string }>>;
  /** Registers the portal's callback at one of the network's hubs (POST …/hub): the subscription's id. */
  subscribe(hub: NetworkHub, callback: string): Promise<{ id: string } | { error: string }>;
  /** Whether a hub still holds a subscription (GET …/hub/{id}): false when it forgot it (404). */
  holds(hub: NetworkHub, id: string): Promise<boolean | { error: string }>;
  /** Every mobileLine the network holds (TMF638 GET service), page by page. */
  inventory(): Promise<InventoryLine[]>;
  /**
   * Every prepaid balance the network's charging system keeps (TMF654 GET bucket, monetary), page by
   * page, in cents; undefined when it keeps none (the API is not there: 404 or 501).
   */
  balances(): Promise<NetworkBalance[] | undefined>;
  /** An order read again (TMF641 GET serviceOrder/{id}): the network's ServiceOrder, none (it does not know it), or an error. */
  status(networkId: string): Promise<{ serviceOrder: unknown } | { unknown: true } | { error: string }>;
}

export interface TmfNetworkOptions {
  /** The TM Forum API's root: `{apiUrl}/serviceOrdering/v4/serviceOrder`. */
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** How requests go out: the platform's fetch; the embedded default's sandbox is reached through the app itself. */
  fetch?: (request: Request) => Promise<Response>;
  /** How long one call may take before it counts as the network not answering. */
  timeoutMs?: number;
}

/** The TMF641 service state a line's state is sent as (TMF's lifecycle has no "suspended": it is inactive). */
const tmfState = (state: string | boolean | undefined) =>
  state === 'suspended' ? 'inactive' : state === 'active' ? 'active' : undefined;

/** The TMF641 ServiceOrder_Create body of an order: one item, the service by its specification. */
export function serviceOrderOf(order: NetworkOrderOut) {
  const state =
    order.service === 'mobileLine' && order.action === 'modify' ? tmfState(order.characteristics['state']) : undefined;
  return {
    externalId: order.externalId,
    category: 'mobile',
    description: `${order.service} ${order.action}`,
    serviceOrderItem: [
      {
        id: '1',
        action: order.action,
        '@type': 'ServiceOrderItem',
        service: {
          ...(order.serviceId && order.action !== 'add' ? { id: order.serviceId } : {}),
          ...(state ? { state } : {}),
          serviceSpecification: { id: order.service, name: order.service },
          serviceCharacteristic: Object.entries({
            ...(order.msisdn ? { msisdn: order.msisdn } : {}),
            ...order.characteristics,
          }).map(([name, value]) => ({ name, valueType: typeof value === 'boolean' ? 'boolean' : 'string', value })),
          '@type': 'Service',
        },
      },
    ],
    '@type': 'ServiceOrder',
  };
}

/** The network's answers that are worth trying again: it is busy, down or overloaded. */
const retryable = (status: number) => status === 429 || status === 408 || status >= 500;

/**
 * The network's TM Forum Open APIs (ADR 043): orders out with TMF641, the inventory with TMF638,
 * each call with an OAuth 2.0 client-credentials token, fetched once and kept until a minute before
 * it expires (a 401 fetches a new one and tries once more).
 */
export function tmfNetwork(options: TmfNetworkOptions): NetworkAdapter {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? 10_000;
  let token: { value: string; until: number } | undefined;
  const call = (url: string, init: RequestInit) =>
    send(new Request(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }));

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await call(options.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (!res.ok) throw new TokenRefused(res.status);
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new TokenRefused(res.status);
    const lifeS = typeof body.expires_in === 'number' ? body.expires_in : 300;
    token = { value: body.access_token, until: Date.now() + Math.max(0, lifeS - 60) * 1000 };
    return token.value;
  }

  async function authorised(url: string, init: RequestInit): Promise<Response> {
    const once = async () =>
      call(url, { ...init, headers: { ...(init.headers as object), authorization: `Bearer ${await accessToken()}` } });
    const res = await once();
    if (res.status !== 401) return res;
    token = undefined;
    return once();
  }

  return {
    async send(order) {
      try {
        const res = await authorised(`${options.apiUrl}/serviceOrdering/v4/serviceOrder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(serviceOrderOf(order)),
        });
        const text = await res.text();
        if (!res.ok)
          return { ok: false, retry: retryable(res.status), error: `${res.status} ${reasonIn(text)}`.trim() };
        const body = JSON.parse(text) as { id?: unknown; state?: unknown };
        if (typeof body.id !== 'string') return { ok: false, retry: true, error: 'the network answered no order id' };
        // Whatever TMF state the answer holds is the order's first step (a network may complete at once).
        const state = TMF_ORDER_STATES.includes(body.state as TmfOrderState)
          ? (body.state as TmfOrderState)
          : 'acknowledged';
        return { ok: true, networkId: body.id, state, serviceOrder: body };
      } catch (error) {
        // Not answered (down, a timeout, a refused token): the outbox tries again later.
        return { ok: false, retry: true, error: error instanceof Error ? error.message : String(error) };
      }
    },
    async find(externalId) {
      try {
        const res = await authorised(
          `${options.apiUrl}/serviceOrdering/v4/serviceOrder?externalId=${encodeURIComponent(externalId)}`,
          { method: 'GET', headers: { accept: 'application/json' } },
        );
        if (!res.ok) return { error: `${res.status} ${reasonIn(await res.text())}`.trim() };
        const list = (await res.json()) as { id?: unknown; externalId?: unknown }[];
        // The filter is the network's to honour: only an order with our externalId is ours.
        const found = Array.isArray(list) ? list.find((o) => o?.externalId === externalId) : undefined;
        return found && typeof found.id === 'string' ? { serviceOrder: found, networkId: found.id } : { none: true };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    async serviceOf(msisdn) {
      try {
        const res = await authorised(
          `${options.apiUrl}/serviceInventory/v4/service?serviceSpecification.id=mobileLine&serviceCharacteristic.value=${encodeURIComponent(msisdn)}`,
          { method: 'GET', headers: { accept: 'application/json' } },
        );
        if (!res.ok) return { error: `${res.status} ${reasonIn(await res.text())}`.trim() };
        const list = (await res.json()) as {
          id?: unknown;
          state?: unknown;
          serviceCharacteristic?: { name: string; value: unknown }[];
        }[];
        const found = (Array.isArray(list) ? list : []).find(
          (s) =>
            typeof s.id === 'string' &&
            s.state !== 'terminated' &&
            nationalNumber(String(s.serviceCharacteristic?.find((c) => c.name === 'msisdn')?.value ?? '')) ===
              nationalNumber(msisdn),
        );
        return found ? { serviceId: found.id as string } : { none: true };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    async subscribe(hub, callback) {
      try {
        const res = await authorised(`${options.apiUrl}/${NETWORK_HUBS[hub]}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ callback }),
        });
        if (!res.ok) return { error: `${res.status} ${reasonIn(await res.text())}`.trim() };
        const body = (await res.json()) as { id?: unknown };
        return typeof body.id === 'string' ? { id: body.id } : { error: 'the hub answered no subscription id' };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    async holds(hub, id) {
      try {
        const res = await authorised(`${options.apiUrl}/${NETWORK_HUBS[hub]}/${encodeURIComponent(id)}`, {
          method: 'GET',
          headers: { accept: 'application/json' },
        });
        if (res.status === 404) return false;
        // A hub that cannot be asked (TMF v4 defines no GET of a subscription) is taken at its word.
        if (res.status === 405 || res.status === 501) return true;
        if (!res.ok) return { error: `${res.status} ${reasonIn(await res.text())}`.trim() };
        return true;
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    async status(networkId) {
      try {
        const res = await authorised(
          `${options.apiUrl}/serviceOrdering/v4/serviceOrder/${encodeURIComponent(networkId)}`,
          { method: 'GET', headers: { accept: 'application/json' } },
        );
        if (res.status === 404) return { unknown: true };
        if (!res.ok) return { error: `${res.status} ${reasonIn(await res.text())}`.trim() };
        return { serviceOrder: await res.json() };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    async inventory() {
      const lines: InventoryLine[] = [];
      const pages = paged(
        (offset) =>
          authorised(
            `${options.apiUrl}/serviceInventory/v4/service?serviceSpecification.id=mobileLine&offset=${offset}&limit=${PAGE}`,
            { method: 'GET', headers: { accept: 'application/json' } },
          ),
        'inventory',
      );
      for await (const page of pages)
        for (const s of page as {
          id?: string;
          state?: string;
          serviceCharacteristic?: { name: string; value: unknown }[];
        }[]) {
          const said = s.serviceCharacteristic?.find((c) => c.name === 'msisdn')?.value ?? s.id ?? '';
          const msisdn = nationalNumber(String(said));
          const lineState = s.serviceCharacteristic?.find((c) => c.name === 'state')?.value;
          if (msisdn)
            lines.push({
              msisdn,
              state: typeof lineState === 'string' ? lineState : s.state === 'inactive' ? 'suspended' : String(s.state),
            });
        }
      return lines;
    },
    async balances() {
      // Each number's active monetary buckets, summed (a number may hold several; an expired or
      // suspended one holds nothing to spend).
      const byNumber = new Map<string, number>();
      const pages = paged(
        (offset) =>
          authorised(
            `${options.apiUrl}/prepayBalanceManagement/v4/bucket?usageType=monetary&offset=${offset}&limit=${PAGE}`,
            { method: 'GET', headers: { accept: 'application/json' } },
          ),
        'balances',
      );
      try {
        for await (const page of pages)
          for (const b of page as TmfBucket[]) {
            const msisdn = bucketNumber(b);
            const amount = b.remainingValue?.amount;
            if (b.usageType !== 'monetary' || !msisdn || typeof amount !== 'number' || !Number.isFinite(amount))
              continue;
            if ((b.remainingValue?.units ?? 'EUR') !== 'EUR') continue;
            if (b.status !== undefined && b.status.toLowerCase() !== 'active') continue;
            byNumber.set(msisdn, (byNumber.get(msisdn) ?? 0) + Math.round(amount * 100));
          }
      } catch (error) {
        if (error instanceof NotKept) return undefined;
        throw error;
      }
      return [...byNumber].map(([msisdn, cents]) => ({ msisdn, cents }));
    },
  };
}

/** How many a page asks for (a network may answer fewer: its own most a page). */
const PAGE = 500;

/** The API is not there (404 or 501): the network keeps none of it. */
class NotKept extends Error {}

/** A TMF654 Bucket, as much as the reconciliation reads of it. */
interface TmfBucket {
  usageType?: string;
  status?: string;
  logicalResource?: { id?: string; value?: string; name?: string; '@referredType'?: string; '@type'?: string }[];
  remainingValue?: { amount?: number; units?: string };
}

/** The number a bucket is for: its logical resource that is an MSISDN (by name, referred type or type), by id or value. */
function bucketNumber(b: TmfBucket): string | undefined {
  const ref = b.logicalResource?.find((r) =>
    /msisdn/i.test(`${r.name ?? ''} ${r['@referredType'] ?? ''} ${r['@type'] ?? ''}`),
  );
  const said = ref?.value ?? ref?.id;
  const msisdn = said ? nationalNumber(said) : '';
  return /^08\d{8}$/.test(msisdn) ? msisdn : undefined;
}

/**
 * Every page of a TMF list (the TM Forum API design guidelines: `offset` and `limit` asked, the
 * network free to answer fewer): the next page starts after what came, and the list ends when the
 * network's `X-Total-Count` is reached, or (without it) at an empty page. A short page is not the end:
 * a network that pages by 100 answers 100 to a limit of 500.
 */
async function* paged(get: (offset: number) => Promise<Response>, what: string): AsyncGenerator<unknown[]> {
  let firstOfAll: string | undefined;
  for (let offset = 0; ;) {
    const res = await get(offset);
    if (res.status === 404 || res.status === 501) throw new NotKept(`the network's ${what} answered ${res.status}`);
    if (!res.ok) throw new Error(`the network's ${what} answered ${res.status}`);
    const page = (await res.json()) as unknown;
    if (!Array.isArray(page)) throw new Error(`the network's ${what} answered something other than a list`);
    const total = Number(res.headers.get('x-total-count') ?? Number.NaN);
    // A network that ignores `offset` answers its first page again: an error, never a list read forever.
    const first = page.length > 0 ? JSON.stringify(page[0]) : undefined;
    if (offset > 0 && first !== undefined && first === firstOfAll)
      throw new Error(`the network's ${what} answered the same page again at offset ${offset}`);
    firstOfAll ??= first;
    if (page.length > 0) yield page;
    offset += page.length;
    if (page.length === 0 || (Number.isFinite(total) && offset >= total)) return;
  }
}

class TokenRefused extends Error {
  constructor(status: number) {
    super(`the network's token endpoint answered ${status}`);
  }
}

/** The reason in a TMF error body (`reason`, `message`), short, for the outbox's last error. */
function reasonIn(text: string): string {
  try {
    const body = JSON.parse(text) as { reason?: unknown; message?: unknown };
    return String(body.reason ?? body.message ?? '').slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}
