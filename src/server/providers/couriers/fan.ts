import { bucharestDate, fromBucharest } from '../../lib/bucharestTime.js';
import { ProviderError, ProviderHttp, tryJson, type ProviderFieldError, type ProviderResponse } from '../http.js';
import { tokenKey, type ClientDeps } from '../shared.js';
import { addressLineRest } from './addressRest.js';
import { fanEvent } from './fanStatuses.js';
import type {
  AwbLookup,
  AwbTracking,
  CodRepayment,
  County,
  CourierClient,
  CourierCredentials,
  CourierService,
  CreateAwbInput,
  CreatedAwb,
  FoundAwb,
  LabelFormat,
  Locality,
  PickupPoint,
  Street,
} from './types.js';

/**
 * FAN Courier API v2 (https://api.fancourier.ro, the same host for the test account and
 * production): `POST login` with username and password answers a token valid 24 h, sent as a
 * Bearer header on every other call; `clientId` (the client / branch number, a credential of the
 * wizard) is named in every call: query string for GET and DELETE, body for POST. Reads answer
 * `{status: "success", data}`; a refusal `{status: "error"|"fail", message, errors?}` with a 4xx,
 * except intern-awb, whose refused shipment comes inside an HTTP 200 with `errors`. Addresses go by
 * names (county, locality, street); AWB numbers are 13-digit JSON numbers, kept as text here.
 *
 * Choices where FAN's v2 documentation could not be read (docs/fan-courier.md):
 * - every AWB is made with the ePOD option `X` (the seller prints the label), which is what lets
 *   its label come as an A6 page; without it FAN brings a pre-printed A5 AWB;
 * - `payment: "sender"` (the seller pays the transport);
 * - the create's reference is the first word of `info.content` ("12-1 · shoes"), since FAN has no
 *   field of its own for it and `content` is what its AWB list, tracking and COD report echo.
 */

/** FAN's tokens last 24 h; renewed an hour early, as integrators do (its expiresAt has no time zone). */
const TOKEN_SECONDS = 24 * 3600;
const TOKEN_MARGIN = 3600;
/** The service of a prepaid parcel when the wizard chose none. */
export const FAN_DEFAULT_SERVICE = 'Standard';
/** FAN's collector service: the cash on delivery paid into the seller's collector account. */
export const FAN_COD_SERVICE = 'Cont Colector';
/** AWBs per tracking call (they travel in the query string). */
const TRACK_BATCH = 50;
/** Rows per page of FAN's lists: it caps them at 100 whatever the documentation says. */
const PAGE = 100;
/** Days walked back while looking for a create's reference, and pages per day. */
const MAX_DAYS = 3;
const MAX_PAGES = 50;
/** Streets per page of `reports/streets` (its documented maximum). */
const STREETS_PAGE = 1000;
/** New tokens a call may ask for after a 401 before it gives up. */
const AUTH_RETRIES = 2;
/** The login under way per token cache and account, shared by the calls waiting for it. */
const LOGINS = new WeakMap<object, Map<string, Promise<string>>>();
/** Between the reference and the content in `info.content`. */
const REFERENCE_SEPARATOR = ' · ';

/** Whether a FAN service carries cash on delivery to the collector account ("Cont Colector", "FANbox Cont Colector"...). */
export const collectsCod = (service: string): boolean => /cont colector/i.test(service);

interface FanEnvelope<T> {
  status?: string;
  message?: string;
  data?: T;
  errors?: unknown;
  /** Paged lists (reports/awb, reports/bank-transfers, reports/streets). */
  totalPages?: number;
  currentPage?: number;
}

export class FanClient implements CourierClient {
  readonly provider = 'fan' as const;
  private readonly http: ProviderHttp;
  private readonly key: string;
  private readonly clientId: string;

  constructor(
    private readonly credentials: CourierCredentials,
    private readonly deps: ClientDeps,
  ) {
    this.http = new ProviderHttp('fan', deps.baseUrl, deps.http);
    this.key = tokenKey('fan', deps.baseUrl, credentials.username, credentials.password);
    this.clientId = String(credentials.client_id ?? '').trim();
  }

  private async login(): Promise<string> {
    const res = await this.http.send({
      method: 'POST',
      path: 'login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        username: this.credentials.username,
        password: this.credentials.password,
      }).toString(),
      // Logging in creates nothing: safe to repeat.
      idempotent: true,
    });
    const body = tryJson(res) as FanEnvelope<{ token?: string; expiresAt?: string }> | undefined;
    const token = body?.status === 'success' ? body.data?.token : undefined;
    if (res.status === 200 && token) {
      const now = this.deps.clock.now();
      const told = body?.data?.expiresAt ? fromBucharest(body.data.expiresAt) : null;
      const expiresAt = Math.min(told ?? Number.POSITIVE_INFINITY, now + TOKEN_SECONDS) - TOKEN_MARGIN;
      this.deps.tokens.set(this.key, { token, expiresAt: Math.max(expiresAt, now + 60) });
      return token;
    }
    if (res.status >= 500 || res.status === 429) throw this.failure(res);
    throw new ProviderError('fan', 'refused_credentials', fanMessage(body, res) ?? 'login refused', {
      status: res.status,
    });
  }

  private async token(): Promise<string> {
    const cached = this.deps.tokens.get(this.key);
    if (cached && cached.expiresAt > this.deps.clock.now()) return cached.token;
    // One login at a time per account: the calls of a bulk job that find the token gone share it.
    let logins = LOGINS.get(this.deps.tokens);
    if (!logins) LOGINS.set(this.deps.tokens, (logins = new Map()));
    let pending = logins.get(this.key);
    if (!pending) {
      pending = this.login().finally(() => logins.delete(this.key));
      logins.set(this.key, pending);
    }
    return pending;
  }

  /**
   * An authenticated call. A token FAN no longer accepts (401) is dropped (unless another call has
   * replaced it meanwhile) and the call sent again with a new one: a 401 is answered before
   * anything is done, so even a create is safe to send again. Twice at most: a token renewed while
   * the call was in flight can be refused once more (many calls at once, a day's token ending).
   */
  private async call(req: {
    method: 'GET' | 'POST' | 'DELETE';
    path: string;
    body?: unknown;
    idempotent: boolean;
  }): Promise<ProviderResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.token();
      const res = await this.http.send({
        method: req.method,
        path: req.path,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...(req.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        idempotent: req.idempotent,
      });
      if (res.status === 401 && attempt <= AUTH_RETRIES) {
        if (this.deps.tokens.get(this.key)?.token === token) this.deps.tokens.delete(this.key);
        continue;
      }
      if (res.status === 401)
        throw new ProviderError('fan', 'refused_credentials', fanMessage(tryJson(res), res) ?? 'token refused', {
          status: 401,
        });
      if (res.status >= 300) throw this.failure(res);
      return res;
    }
  }

  private failure(res: ProviderResponse): ProviderError {
    const body = tryJson(res) as FanEnvelope<unknown> | undefined;
    const message = fanMessage(body, res) ?? `HTTP ${res.status}`;
    const fieldErrors = fieldErrorsOf(body?.errors);
    const extra = { status: res.status, ...(fieldErrors.length ? { fieldErrors } : {}) };
    if (res.status === 429)
      return new ProviderError('fan', 'rate_limited', message, {
        ...extra,
        retryAfterSeconds: Number(res.headers.get('retry-after')) || undefined,
      });
    if (res.status >= 500) return new ProviderError('fan', 'unavailable', message, extra);
    if (res.status === 404 || /not found|nu a fost g[aă]sit|nu exist/i.test(message))
      return new ProviderError('fan', 'not_found', message, extra);
    if (res.status === 403 && /client/i.test(message))
      return new ProviderError('fan', 'refused_credentials', message, extra);
    return new ProviderError('fan', 'rejected', message, extra);
  }

  /** A read: `{status: "success", data}` or FAN's error. */
  private async read<T>(path: string, query: Record<string, string | number | string[]> = {}): Promise<FanEnvelope<T>> {
    const res = await this.call({
      method: 'GET',
      path: withQuery(path, { clientId: this.clientId, ...query }),
      idempotent: true,
    });
    const body = res.json<FanEnvelope<T>>();
    if (body?.status !== 'success') {
      const message = fanMessage(body, res) ?? 'unreadable answer';
      throw new ProviderError(
        'fan',
        /not found|nu a fost g[aă]sit/i.test(message) ? 'not_found' : 'rejected',
        message,
        {
          status: res.status,
        },
      );
    }
    return body;
  }

  /**
   * Logs in again (never a cached token) and checks that the client number is one of the account's
   * branches (`reports/branches`): a wrong clientId is refused here, not on the first AWB.
   */
  async verifyCredentials(): Promise<void> {
    if (!/^\d+$/.test(this.clientId))
      throw new ProviderError('fan', 'refused_credentials', 'the client number (clientId) must be digits');
    this.deps.tokens.delete(this.key);
    await this.login();
    const branches = await this.branches();
    if (branches.length > 0 && !branches.some((b) => String(b.id) === this.clientId))
      throw new ProviderError(
        'fan',
        'refused_credentials',
        `client ${this.clientId} is not one of this account's clients (${branches.map((b) => b.id).join(', ')})`,
      );
  }

  private async branches(): Promise<FanBranch[]> {
    return (await this.read<FanBranch[]>('reports/branches')).data ?? [];
  }

  /** The account's branches (FAN's sender is the clientId; the one of the login is the default). */
  async pickupPoints(): Promise<PickupPoint[]> {
    return (await this.branches()).map((b) => ({
      id: String(b.id),
      name: b.name,
      address: [
        [b.address?.street, b.address?.streetNo].filter(Boolean).join(' '),
        b.address?.locality,
        b.address?.county,
      ]
        .filter(Boolean)
        .join(', '),
      isDefault: String(b.id) === this.clientId,
      county: b.address?.county ?? null,
      city: b.address?.locality ?? null,
    }));
  }

  async contractServices(): Promise<CourierService[]> {
    const rows = (await this.read<{ id?: number | string; name: string; description?: string }[]>('reports/services'))
      .data;
    return (rows ?? []).map((s) => ({
      id: s.name,
      name: s.name,
      description: s.description?.trim() || null,
      collectsCod: collectsCod(s.name),
    }));
  }

  /** FAN's counties by name (FAN takes addresses by name: the name is the id). */
  async counties(): Promise<County[]> {
    const rows = (await this.read<(string | { id?: number; name: string })[]>('reports/counties')).data ?? [];
    return rows.map((r) => {
      const name = typeof r === 'string' ? r : r.name;
      return { id: name, name, code: null };
    });
  }

  async localities(county: { id: string; name: string }): Promise<Locality[]> {
    const rows =
      (
        await this.read<{ id: number | string; name: string; county?: string }[]>('reports/localities', {
          county: county.name,
        })
      ).data ?? [];
    // FAN's localities carry no postal code: its codes are per street (reports/streets).
    return rows.map((r) => ({ id: String(r.id), name: r.name, countyId: county.id, postalCode: null }));
  }

  /** The locality's streets, page by page (`perPage` ≤ 1000), with their postal codes by number range. */
  async streets(locality: { id: string; name: string; countyId?: string }, search?: string): Promise<Street[]> {
    const out: Street[] = [];
    const needle = search?.trim().toLowerCase();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = await this.read<FanStreet[]>('reports/streets', {
        county: locality.countyId ?? '',
        locality: locality.name,
        page,
        perPage: STREETS_PAGE,
      });
      for (const s of body.data ?? []) {
        const name = [s.type, s.street].filter(Boolean).join(' ');
        if (needle && !name.toLowerCase().includes(needle)) continue;
        out.push({
          id: String(s.id),
          name,
          postalCodes: (s.details ?? [])
            .filter((d) => /^\d{6}$/.test(String(d.zipCode ?? '')))
            .map((d) => ({
              fromNumber: Number(d.from) || 0,
              toNumber: Number(d.to) || 9999,
              postalCode: String(d.zipCode),
            })),
        });
      }
      const pages = Number(body.totalPages ?? 1);
      if (page >= pages) break;
    }
    return out;
  }

  async createAwb(input: CreateAwbInput): Promise<CreatedAwb> {
    const service = input.serviceId?.trim() || (input.codBani > 0 ? FAN_COD_SERVICE : FAN_DEFAULT_SERVICE);
    // FAN takes the cash on delivery only into the collector account: sent without it, the AWB
    // would be refused (or made without COD), so it is refused here, before any call.
    if (input.codBani > 0 && !collectsCod(service))
      throw new ProviderError(
        'fan',
        'rejected',
        `the service "${service}" does not collect cash on delivery (it needs "${FAN_COD_SERVICE}")`,
      );
    const r = input.recipient;
    const first = input.parcels[0];
    const weight = Math.round(input.parcels.reduce((s, p) => s + p.weightKg, 0) * 1000) / 1000;
    const body = {
      clientId: Number(this.clientId),
      shipments: [
        {
          info: {
            service,
            packages: { parcel: Math.max(1, input.parcels.length), envelope: 0 },
            weight,
            cod: input.codBani / 100,
            currency: 'RON',
            declaredValue: input.declaredValueBani / 100,
            payment: 'sender',
            returnPayment: 'sender',
            observation: input.observations ?? '',
            content: contentWithReference(input.reference, input.content),
            dimensions: first ? { length: first.lengthCm, width: first.widthCm, height: first.heightCm } : undefined,
            // ePOD: the seller prints the label, which is what makes an A6 label possible.
            options: ['X'],
          },
          recipient: {
            name: r.name,
            contactPerson: r.contactPerson ?? r.name,
            phone: r.phone.replace(/[^\d+]/g, ''),
            email: r.email ?? '',
            address: {
              county: r.countyName,
              locality: r.localityName,
              street: r.streetName || r.address,
              streetNo: String(r.streetNumber ?? ''),
              zipCode: r.postalCode ?? '',
              // The rest of the line as the customer wrote it (block, staircase, flat), without the
              // street and number it begins with: FAN prints `street`, `streetNo` and `building`
              // one after the other, so the whole line would print the street twice.
              building: r.streetName ? addressLineRest(r.address, r.streetName, r.streetNumber) : '',
            },
          },
        },
      ],
    };
    const res = await this.call({ method: 'POST', path: 'intern-awb', body, idempotent: false });
    const answer = tryJson(res) as { response?: FanCreated[] } | undefined;
    const created = answer?.response?.[0];
    if (!created) throw new ProviderError('fan', 'unavailable', 'the answer has no shipment', { status: res.status });
    if (created.awbNumber === null || created.awbNumber === undefined || created.success === false || created.errors) {
      const fieldErrors = fieldErrorsOf(created.errors);
      throw new ProviderError('fan', 'rejected', errorsText(created.errors) || 'the AWB was refused', {
        status: res.status,
        ...(fieldErrors.length ? { fieldErrors } : {}),
      });
    }
    const awbNumber = String(created.awbNumber);
    return {
      awbNumber,
      parcelNumbers: [awbNumber],
      costBani: typeof created.tariff === 'number' ? Math.round(created.tariff * 100) : null,
    };
  }

  /**
   * `awb/label` as a PDF (`pdf=1`), on an A4 page or as an A6 label (the console's label format):
   * the A6 page exists for ePOD AWBs, which is every AWB this client makes. FAN's refusals come as
   * JSON, sometimes with a PDF content type: the bytes decide.
   */
  async awbPdf(awb: { awbNumber: string }, format: LabelFormat = 'A4'): Promise<Buffer> {
    const res = await this.call({
      method: 'GET',
      path: withQuery('awb/label', {
        clientId: this.clientId,
        'awbs[]': [awb.awbNumber],
        pdf: 1,
        format: format === 'A4' ? 'A4' : 'A6',
        language: 'ro',
      }),
      idempotent: true,
    });
    if (res.body.subarray(0, 4).toString('latin1') === '%PDF') return res.body;
    const body = tryJson(res) as FanEnvelope<unknown> | undefined;
    const message = fanMessage(body, res);
    if (message)
      throw new ProviderError(
        'fan',
        /not found|nu a fost g[aă]sit|nu exist/i.test(message) ? 'not_found' : 'rejected',
        message,
        { status: res.status },
      );
    throw new ProviderError('fan', 'unavailable', 'the label is not a PDF', { status: res.status });
  }

  async deleteAwb(awbNumber: string): Promise<void> {
    await this.call({
      method: 'DELETE',
      path: withQuery('awb', { clientId: this.clientId, awb: awbNumber }),
      idempotent: false,
    });
  }

  /** `reports/awb/tracking`, 50 AWBs a call; events are not sorted by FAN: by their date here. */
  async track(awbNumbers: string[]): Promise<AwbTracking[]> {
    const found = new Map<string, FanTracked>();
    for (let i = 0; i < awbNumbers.length; i += TRACK_BATCH) {
      const batch = awbNumbers.slice(i, i + TRACK_BATCH);
      const body = await this.read<FanTracked[]>('reports/awb/tracking', { 'awb[]': batch, language: 'ro' });
      for (const row of body.data ?? []) found.set(String(row.awbNumber), row);
    }
    return awbNumbers.map((awbNumber) => {
      const row = found.get(awbNumber);
      if (!row) return { awbNumber, status: null, events: [], error: 'AWB not found at FAN Courier' };
      const events = (row.events ?? [])
        .map((e) => {
          const meaning = fanEvent(String(e.id).trim().toUpperCase());
          return {
            at: fromBucharest(String(e.date)) ?? 0,
            code: String(e.id),
            description: e.name,
            location: e.location ?? null,
            status: meaning.status,
            attention: meaning.attention,
          };
        })
        .sort((a, b) => a.at - b.at);
      return { awbNumber, status: events.at(-1)?.status ?? null, events };
    });
  }

  /**
   * `reports/bank-transfers`, one day a call (`date`, the transfer's day), pages of 100: the cash on
   * delivery FAN transferred to the collector account. FAN invoices its fees apart: none here. The
   * transfer has no number of its own: the reference is FAN's and its day.
   */
  async codRepayments(range: { from: string; to: string }): Promise<CodRepayment[]> {
    const out: CodRepayment[] = [];
    for (const day of daysOf(range.from, range.to)) {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const body = await this.read<FanTransfer[]>('reports/bank-transfers', { date: day, page, perPage: PAGE });
        const rows = body.data ?? [];
        for (const t of rows) {
          const awb = String(t.info?.awbNumber ?? '').trim();
          const amount = Number(t.info?.amountCollected);
          const paidOn = isoDay(String(t.info?.transferDate ?? '')) ?? day;
          if (!awb || !Number.isFinite(amount)) continue;
          out.push({
            awbNumber: awb,
            paidBani: Math.round(amount * 100),
            feeBani: 0,
            paidOn,
            reference: `FAN-${paidOn}`,
          });
        }
        if (!morePages(body, page, rows.length)) break;
      }
    }
    return out;
  }

  /**
   * `reports/awb` (the AWBs of a day, pages of 100) from the create's day to today, kept where
   * `info.content` starts with the reference followed by the separator or is the reference:
   * "12-1" never finds the AWB of "112-1" or "12-10".
   */
  async findAwbsByReference(lookup: AwbLookup): Promise<FoundAwb[]> {
    const from = bucharestDate(lookup.since);
    const to = bucharestDate(this.deps.clock.now());
    const days = daysOf(from, to);
    if (days.length > MAX_DAYS)
      throw new ProviderError(
        'fan',
        'unavailable',
        `the create is older than ${MAX_DAYS} days: its reference was not searched`,
      );
    const found: FoundAwb[] = [];
    for (const day of days) {
      for (let page = 1; ; page++) {
        if (page > MAX_PAGES)
          // Not read to the end: saying "none" could let a second AWB be made.
          throw new ProviderError(
            'fan',
            'unavailable',
            `more than ${MAX_PAGES * PAGE} AWBs on ${day}: the reference could not be searched`,
          );
        const body = await this.read<FanListedAwb[]>('reports/awb', { date: day, page, perPage: PAGE });
        const rows = body.data ?? [];
        for (const a of rows) {
          const number = a.info?.awbNumber;
          if (number === undefined || number === null || !hasReference(String(a.info?.content ?? ''), lookup.reference))
            continue;
          found.push({
            awbNumber: String(number),
            parcelNumbers: [String(number)],
            matchedBy: 'reference',
            createdAt: a.info?.date ? fromBucharest(a.info.date) : null,
            codBani: typeof a.info?.cod === 'number' ? Math.round(a.info.cod * 100) : null,
            weightKg: typeof a.info?.weight === 'number' ? a.info.weight : null,
          });
        }
        if (!morePages(body, page, rows.length)) break;
      }
    }
    return found;
  }
}

interface FanBranch {
  id: number | string;
  name: string;
  email?: string;
  phone?: string;
  address?: { locality?: string; county?: string; street?: string; streetNo?: string };
}

interface FanStreet {
  id: number | string;
  street: string;
  type?: string;
  locality?: string;
  county?: string;
  details?: { zipCode?: string; from?: number | string; to?: number | string }[];
}

interface FanCreated {
  awbNumber?: number | string | null;
  tariff?: number;
  success?: boolean;
  errors?: unknown;
}

interface FanTracked {
  awbNumber: number | string;
  content?: string;
  message?: string;
  events?: { id: string; name: string; location?: string; date: string }[];
}

interface FanTransfer {
  info?: { awbNumber?: number | string; amountCollected?: number | string; transferDate?: string; content?: string };
}

interface FanListedAwb {
  info?: { awbNumber?: number | string | null; content?: string; date?: string; cod?: number; weight?: number };
}

/** The reference first, then what is inside: FAN echoes `content` in its AWB list, tracking and COD report. */
export function contentWithReference(reference: string, content: string): string {
  return [reference, content.trim()].filter(Boolean).join(REFERENCE_SEPARATOR).slice(0, 200);
}

/** Whether an AWB's `content` was made for this reference (exactly, not as a prefix of a longer one). */
export function hasReference(content: string, reference: string): boolean {
  const c = content.trim();
  return c === reference || c.startsWith(`${reference}${REFERENCE_SEPARATOR}`);
}

/** A path with its query, arrays repeated PHP-style (`awbs[]=1&awbs[]=2`), as FAN reads them. */
function withQuery(path: string, query: Record<string, string | number | string[]>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, String(one));
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

/** Whether a page of a FAN list has one after it (its totalPages when given, else a full page). */
function morePages(body: { totalPages?: number; currentPage?: number }, page: number, rows: number): boolean {
  const pages = Number(body.totalPages);
  return Number.isFinite(pages) && pages > 0 ? page < pages : rows >= PAGE;
}

/** The days of a range (YYYY-MM-DD, both included). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length <= 400; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** "dd.mm.yyyy" (FAN's reports) or "yyyy-mm-dd" → "yyyy-mm-dd"; null for anything else. */
function isoDay(text: string): string | null {
  const ro = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text.trim());
  if (ro) return `${ro[3]}-${ro[2]}-${ro[1]}`;
  return /^\d{4}-\d{2}-\d{2}/.test(text.trim()) ? text.trim().slice(0, 10) : null;
}

/** FAN's `errors` in any of its shapes: a string, a list, or a Laravel map field → message(s). */
function errorsText(errors: unknown): string {
  if (!errors) return '';
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors))
    return errors
      .map((e) => errorsText(e))
      .filter(Boolean)
      .join('; ');
  if (typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>)
      .map(([field, m]) => `${field}: ${errorsText(m)}`)
      .join('; ');
  return String(errors);
}

function fieldErrorsOf(errors: unknown): ProviderFieldError[] {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return [];
  return Object.entries(errors as Record<string, unknown>).map(([path, m]) => ({
    path,
    messages: [m].flat().map((x) => (typeof x === 'string' ? x : errorsText(x))),
  }));
}

/** FAN's words: `message`, else its `errors`, else a short text body. */
function fanMessage(body: unknown, res: ProviderResponse): string | null {
  if (body && typeof body === 'object') {
    const o = body as FanEnvelope<unknown>;
    const parts = [typeof o.message === 'string' ? o.message.trim() : '', errorsText(o.errors)].filter(Boolean);
    if (parts.length) return [...new Set(parts)].join(': ');
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  const text = res.text().trim();
  return text && text.length < 300 && !text.startsWith('<') && !text.startsWith('%PDF') ? text : null;
}
