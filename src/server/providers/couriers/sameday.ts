import { fromBucharest } from '../../lib/bucharestTime.js';
import { samedayEvent } from './samedayStatuses.js';
import { encodePhpForm } from '../../lib/phpForm.js';
import {
  ProviderError,
  ProviderHttp,
  tryJson,
  type ProviderFieldError,
  type ProviderRequest,
  type ProviderResponse,
} from '../http.js';
import { tokenKey, type ClientDeps } from '../shared.js';
import type {
  AwbLookup,
  AwbTracking,
  County,
  CourierClient,
  CourierCredentials,
  CourierLocker,
  CreateAwbInput,
  CreatedAwb,
  FoundAwb,
  LabelFormat,
  Locality,
  PickupPoint,
  Street,
  TrackingEvent,
} from './types.js';

/**
 * Sameday's API (api.sameday.ro), as its official PHP SDK speaks it: `POST /api/authenticate`
 * with the credentials in headers, then `X-AUTH-TOKEN` until `expire_at` (Bucharest time); writes
 * form-encoded with PHP brackets; paginated lists; 400s with nested `errors.children`. There is no
 * street list and no tracking of many AWBs in one call: `track` asks per AWB, a few at a time.
 */

const PAGE_SIZE = 500;
/** Renew a little before `expire_at` (its time zone is not documented; Bucharest assumed). */
const TOKEN_MARGIN = 10 * 60;
/** Parallel status reads while tracking many AWBs (Sameday's own rate limit is not published). */
const TRACK_CONCURRENCY = 4;
/** Sameday's service for a delivery to an easybox ("Locker NextDay"). */
const LOCKER_SERVICE_CODE = 'LN';
const DEFAULT_SERVICE_CODE = '24';
/** status-sync takes a window of at most two hours (7200 s) per call. */
const STATUS_SYNC_WINDOW = 7200;
/** How far back a lookup by reference reads status-sync: a week of windows at most. */
const LOOKUP_MAX_SECONDS = 7 * 24 * 3600;
/** Parcel AWB numbers are the AWB's followed by 001, 002... */
const awbOfParcel = (parcel: string) => (parcel.length > 3 ? parcel.slice(0, -3) : parcel);

export class SamedayClient implements CourierClient {
  readonly provider = 'sameday' as const;
  private readonly http: ProviderHttp;
  private readonly key: string;
  private services: { id: number; serviceCode: string; defaultServices?: boolean }[] | null = null;

  constructor(
    private readonly credentials: CourierCredentials,
    private readonly deps: ClientDeps,
  ) {
    this.http = new ProviderHttp('sameday', deps.baseUrl, deps.http);
    this.key = tokenKey('sameday', deps.baseUrl, credentials.username, credentials.password);
  }

  private async login(): Promise<string> {
    const res = await this.http.send({
      method: 'POST',
      path: 'api/authenticate',
      headers: {
        'X-Auth-Username': this.credentials.username,
        'X-Auth-Password': this.credentials.password,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: encodePhpForm({ remember_me: 1 }),
      idempotent: true,
    });
    if (res.status === 401 || res.status === 403) {
      throw new ProviderError('sameday', 'refused_credentials', samedayMessage(res) ?? 'Bad credentials.', {
        status: res.status,
      });
    }
    if (res.status >= 300) throw failure(res);
    const body = res.json<{ token?: string; expire_at?: string }>();
    if (!body?.token)
      throw new ProviderError('sameday', 'unavailable', samedayMessage(res) ?? 'the answer has no token', {
        status: res.status,
      });
    // The SDK falls back to 10 minutes when expire_at cannot be read.
    const expiresAt =
      (body.expire_at ? fromBucharest(body.expire_at) : null) ?? this.deps.clock.now() + 600 + TOKEN_MARGIN;
    this.deps.tokens.set(this.key, { token: body.token, expiresAt: expiresAt - TOKEN_MARGIN });
    return body.token;
  }

  private async token(): Promise<string> {
    const cached = this.deps.tokens.get(this.key);
    if (cached && cached.expiresAt > this.deps.clock.now()) return cached.token;
    return this.login();
  }

  /** An authenticated call; a token refused with 401/403 gets one re-login and one resend (as the SDK). */
  private async call(req: Omit<ProviderRequest, 'headers'>, form?: Record<string, unknown>): Promise<ProviderResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.token();
      const headers: Record<string, string> = { 'X-AUTH-TOKEN': token, Accept: 'application/json' };
      if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const res = await this.http.send({
        ...req,
        headers,
        body: form ? encodePhpForm(form as Parameters<typeof encodePhpForm>[0]) : undefined,
      });
      if ((res.status === 401 || res.status === 403) && attempt === 1) {
        this.deps.tokens.delete(this.key);
        continue;
      }
      if (res.status === 401 || res.status === 403)
        throw new ProviderError('sameday', 'refused_credentials', samedayMessage(res) ?? 'token refused', {
          status: res.status,
        });
      if (res.status >= 300) throw failure(res);
      return res;
    }
  }

  /** A JSON read whose answer must have `field`; anything else inside a 200 is an error. */
  private async read<T>(path: string, query: ProviderRequest['query'], field: string): Promise<T> {
    const res = await this.call({ method: 'GET', path, query, idempotent: true });
    const body = tryJson(res) as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || !(field in body)) {
      throw new ProviderError('sameday', 'unavailable', samedayMessage(res) ?? 'unexpected answer', {
        status: res.status,
      });
    }
    return body as T;
  }

  /** Every page of a paginated list. */
  private async all<T>(path: string, query: ProviderRequest['query'] = {}): Promise<T[]> {
    const rows: T[] = [];
    for (let p = 1; ; p++) {
      const res = await this.read<{ data: T[]; pages: number }>(
        path,
        { ...query, page: p, countPerPage: PAGE_SIZE },
        'data',
      );
      rows.push(...res.data);
      if (p >= (res.pages ?? 1)) return rows;
    }
  }

  async verifyCredentials(): Promise<void> {
    this.deps.tokens.delete(this.key);
    await this.login();
  }

  async pickupPoints(): Promise<PickupPoint[]> {
    const rows = await this.all<SamedayPickupPoint>('api/client/pickup-points');
    return rows.map((p) => ({
      id: String(p.id),
      name: p.alias || p.address,
      address: [p.address, p.city?.name, p.county?.name].filter(Boolean).join(', '),
      isDefault: Boolean(p.defaultPickupPoint),
      county: p.county?.name ?? null,
      city: p.city?.name ?? null,
      contact_persons: (p.pickupPointContactPerson ?? []).map((c) => ({
        id: String(c.id),
        name: c.name,
        position: c.position ?? null,
        phoneNumber: c.phoneNumber ?? null,
        defaultContactPerson: Boolean(c.defaultContactPerson),
      })),
    }));
  }

  /** Every easybox (`GET /api/client/lockers`, read page by page like the other lists). */
  async lockers(): Promise<CourierLocker[]> {
    const rows = await this.all<SamedayLocker>('api/client/lockers');
    return rows.map((l) => ({
      id: String(l.lockerId),
      name: l.name,
      county: l.county ?? '',
      city: l.city ?? '',
      address: l.address ?? '',
      postalCode: /^\d{6}$/.test(String(l.postalCode ?? '')) ? String(l.postalCode) : null,
    }));
  }

  async counties(): Promise<County[]> {
    const rows = await this.all<{ id: number; name: string; code?: string }>('api/geolocation/county');
    return rows.map((c) => ({ id: String(c.id), name: c.name, code: c.code || null }));
  }

  async localities(county: { id: string; name: string }): Promise<Locality[]> {
    const rows = await this.all<{
      id: number;
      name: string;
      postalCode?: string;
      county?: { id: number };
      village?: string | null;
    }>('api/geolocation/city', { county: county.id });
    return rows.map((c) => ({
      id: String(c.id),
      name: c.name,
      countyId: String(c.county?.id ?? county.id),
      postalCode: /^\d{6}$/.test(c.postalCode ?? '') ? c.postalCode! : null,
      commune: c.village?.trim() || null,
    }));
  }

  /** Sameday has no street nomenclature: the recipient address is free text. */
  async streets(): Promise<Street[]> {
    return [];
  }

  /** A service code ("24", "LN"...) or id → the account's service id (ids differ per environment). */
  private async serviceId(wanted?: string): Promise<number> {
    this.services ??= await this.all<{ id: number; serviceCode: string; defaultServices?: boolean }>(
      'api/client/services',
    );
    const code = wanted ?? DEFAULT_SERVICE_CODE;
    const match = this.services.find((s) => s.serviceCode === code) ?? this.services.find((s) => String(s.id) === code);
    if (!match) throw new ProviderError('sameday', 'rejected', `service ${code} is not available on this account`);
    return match.id;
  }

  async createAwb(input: CreateAwbInput): Promise<CreatedAwb> {
    const r = input.recipient;
    // An easybox delivery needs the locker service (code LN) and the locker's id as lockerLastMile.
    const service = await this.serviceId(input.lockerId ? LOCKER_SERVICE_CODE : input.serviceId);
    const numericId = (v?: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
    const form = {
      pickupPoint: Number(input.pickupPointId),
      contactPerson: numericId(input.contactPersonId),
      packageType: 0,
      packageNumber: input.parcels.length,
      packageWeight: round2(input.parcels.reduce((s, p) => s + p.weightKg, 0)),
      service,
      awbPayment: 1,
      cashOnDelivery: input.codBani / 100,
      cashOnDeliveryReturns: input.codBani > 0 ? 1 : undefined,
      insuredValue: input.declaredValueBani / 100,
      thirdPartyPickup: 0,
      awbRecipient: {
        name: r.isCompany ? (r.contactPerson ?? r.name) : r.name,
        phoneNumber: r.phone,
        email: r.email,
        personType: r.isCompany ? 1 : 0,
        companyName: r.isCompany ? r.name : undefined,
        // Ids when they came from Sameday's lists, names otherwise (never both).
        county: numericId(r.countyId),
        countyString: numericId(r.countyId) ? undefined : r.countyName,
        city: numericId(r.localityId),
        cityString: numericId(r.localityId) ? undefined : r.localityName,
        address: r.address,
        postalCode: r.postalCode,
      },
      parcels: input.parcels.map((p) => ({
        weight: p.weightKg,
        width: p.widthCm,
        length: p.lengthCm,
        height: p.heightCm,
      })),
      // No content field at Sameday: the content goes with the observations.
      observation: [input.content, input.observations].filter(Boolean).join(' - '),
      clientInternalReference: input.reference,
      lockerLastMile: numericId(input.lockerId),
    };
    const res = await this.call({ method: 'POST', path: 'api/awb', idempotent: false }, form);
    const body = tryJson(res) as
      { awbNumber?: string; awbCost?: number; parcels?: { awbNumber: string }[] } | undefined;
    if (!body?.awbNumber)
      throw new ProviderError('sameday', 'unavailable', samedayMessage(res) ?? 'the answer has no AWB number', {
        status: res.status,
      });
    return {
      awbNumber: String(body.awbNumber),
      parcelNumbers: (body.parcels ?? []).map((p) => String(p.awbNumber)),
      costBani: typeof body.awbCost === 'number' ? Math.round(body.awbCost * 100) : null,
    };
  }

  async awbPdf(awb: { awbNumber: string }, format: LabelFormat = 'A4'): Promise<Buffer> {
    const res = await this.call({
      method: 'GET',
      path: `api/awb/download/${encodeURIComponent(awb.awbNumber)}/${format === 'A6' ? 'A6' : 'A4'}`,
      idempotent: true,
    });
    if (res.body.subarray(0, 4).toString('latin1') !== '%PDF')
      throw new ProviderError('sameday', 'unavailable', samedayMessage(res) ?? 'the label is not a PDF', {
        status: res.status,
      });
    return res.body;
  }

  async deleteAwb(awbNumber: string): Promise<void> {
    await this.call({ method: 'DELETE', path: `api/awb/${encodeURIComponent(awbNumber)}`, idempotent: false });
  }

  async track(awbNumbers: string[]): Promise<AwbTracking[]> {
    const results: AwbTracking[] = new Array(awbNumbers.length);
    let next = 0;
    const worker = async () => {
      while (next < awbNumbers.length) {
        const i = next++;
        results[i] = await this.trackOne(awbNumbers[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(TRACK_CONCURRENCY, awbNumbers.length) }, worker));
    return results;
  }

  /**
   * Sameday cannot be searched by clientInternalReference, nor list AWBs: its one list is
   * status-sync, the parcels whose status changed in a window of at most two hours (a new AWB's
   * "AWB emis" included). Each of those AWBs is read (its status), cancelled ones left out:
   * - one that gives the create's clientInternalReference back is the create's, and decides;
   * - one that gives another reference back is another create's;
   * - one that gives none back is kept when its cash on delivery and weight are the create's,
   *   and only when no AWB of the window gave any reference back: a courier that echoes references
   *   would have echoed ours (every create sends it), so a bare AWB is one made elsewhere (Sameday's
   *   own site), never this create's.
   * The caller leaves out the AWBs it already knows.
   */
  async findAwbsByReference(lookup: AwbLookup): Promise<FoundAwb[]> {
    const now = this.deps.clock.now();
    const awbs = new Set<string>();
    for (let from = Math.max(lookup.since, now - LOOKUP_MAX_SECONDS); from <= now; from += STATUS_SYNC_WINDOW) {
      const rows = await this.all<{ parcelAwbNumber?: string }>('api/client/status-sync', {
        startTimestamp: from,
        endTimestamp: Math.min(from + STATUS_SYNC_WINDOW, now),
      });
      for (const r of rows) if (r.parcelAwbNumber) awbs.add(awbOfParcel(String(r.parcelAwbNumber)));
    }
    const byContents: FoundAwb[] = [];
    let echoes = false;
    for (const awbNumber of awbs) {
      let status: SamedayStatus;
      try {
        status = await this.read<SamedayStatus>(
          `api/client/awb/${encodeURIComponent(awbNumber)}/status`,
          undefined,
          'expeditionSummary',
        );
      } catch (e) {
        if (e instanceof ProviderError && e.kind === 'not_found') continue;
        throw e;
      }
      const summary = status.expeditionSummary;
      if (!summary || summary.canceled) continue;
      const codBani = Math.round(Number(summary.cashOnDelivery ?? 0) * 100);
      const weightKg = Number(summary.awbWeight ?? 0);
      const found = {
        awbNumber,
        parcelNumbers: (status.parcelsStatus ?? []).map((p) => String(p.parcelAwbNumber)),
        createdAt: createdAtOf(status),
        codBani,
        weightKg,
      };
      const reference = referenceOf(status);
      if (reference !== null) {
        // One create makes one AWB: the one carrying its reference is the answer.
        if (reference === lookup.reference) return [{ ...found, matchedBy: 'reference' }];
        echoes = true;
        continue;
      }
      if (codBani === lookup.codBani && Math.abs(weightKg - lookup.weightKg) <= 0.01)
        byContents.push({ ...found, matchedBy: 'contents' });
    }
    return echoes ? [] : byContents;
  }

  private async trackOne(awbNumber: string): Promise<AwbTracking> {
    try {
      const body = await this.read<SamedayStatus>(
        `api/client/awb/${encodeURIComponent(awbNumber)}/status`,
        undefined,
        'expeditionHistory',
      );
      const events: TrackingEvent[] = (body.expeditionHistory ?? [])
        .map((h) => ({
          at: fromBucharest(String(h.statusDate)) ?? 0,
          code: String(h.statusId),
          description: h.statusLabel || h.status,
          location: h.transitLocation || h.county || null,
          ...samedayEvent(h.statusId, `${h.status} ${h.statusState}`),
        }))
        .sort((a, b) => a.at - b.at);
      let status = events.at(-1)?.status ?? null;
      // The summary's booleans are the reliable terminal flags.
      if (body.expeditionSummary?.delivered) status = 'delivered';
      if (body.expeditionSummary?.canceled) status = 'cancelled';
      return { awbNumber, status, events };
    } catch (e) {
      if (e instanceof ProviderError && e.kind === 'not_found')
        return { awbNumber, status: null, events: [], error: e.providerMessage };
      throw e;
    }
  }
}

interface SamedayPickupPoint {
  id: number;
  alias?: string;
  address: string;
  defaultPickupPoint?: boolean;
  county?: { name: string };
  city?: { name: string };
  pickupPointContactPerson?: {
    id: number;
    name: string;
    position?: string;
    phoneNumber?: string;
    defaultContactPerson?: boolean;
  }[];
}

/** A locker as the SDK reads it (SamedayGetLockersResponse); schedule and boxes are not used here. */
interface SamedayLocker {
  lockerId: number;
  name: string;
  county?: string;
  city?: string;
  address?: string;
  postalCode?: string | number;
}

interface SamedayHistory {
  statusId: number;
  status: string;
  statusLabel?: string;
  statusState?: string;
  statusDate: string;
  county?: string;
  transitLocation?: string;
}

interface SamedayStatus {
  expeditionSummary?: {
    delivered?: boolean;
    canceled?: boolean;
    cashOnDelivery?: number;
    awbWeight?: number;
    clientInternalReference?: string | null;
  };
  parcelsStatus?: { parcelAwbNumber: string }[];
  expeditionHistory?: SamedayHistory[];
  clientInternalReference?: string | null;
}

/**
 * The clientInternalReference the AWB's status read gives back, or null when it gives none. The
 * create documents the field; no read in Sameday's documentation is said to return it, so it is
 * read where a summary of the create would carry it (the expedition summary, or the answer
 * itself) and its absence is expected.
 */
function referenceOf(status: SamedayStatus): string | null {
  const value = status.expeditionSummary?.clientInternalReference ?? status.clientInternalReference;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** When the AWB was made: its "AWB emis" event (status 1), else its oldest event. */
function createdAtOf(status: SamedayStatus): number | null {
  const history = status.expeditionHistory ?? [];
  const made = history.find((h) => Number(h.statusId) === 1);
  const times = (made ? [made] : history)
    .map((h) => fromBucharest(String(h.statusDate)))
    .filter((t): t is number => t !== null);
  return times.length ? Math.min(...times) : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Symfony's nested validation errors → one line per field (the SDK's SamedayBadRequestException). */
export function samedayFieldErrors(errors: unknown, prefix = ''): ProviderFieldError[] {
  const out: ProviderFieldError[] = [];
  if (!errors || typeof errors !== 'object') return out;
  const node = errors as { errors?: unknown; children?: Record<string, unknown> };
  if (Array.isArray(node.errors) && node.errors.length)
    out.push({ path: prefix || '(form)', messages: node.errors.map(String) });
  for (const [key, child] of Object.entries(node.children ?? {}))
    out.push(...samedayFieldErrors(child, prefix ? `${prefix}.${key}` : key));
  return out;
}

function samedayMessage(res: ProviderResponse): string | null {
  const body = tryJson(res) as { message?: unknown; errors?: unknown } | undefined;
  const fields = samedayFieldErrors(body?.errors);
  if (fields.length) return fields.map((f) => `${f.path}: ${f.messages.join(' ')}`).join('; ');
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return null;
}

function failure(res: ProviderResponse): ProviderError {
  const message = samedayMessage(res) ?? `HTTP ${res.status}`;
  const body = tryJson(res) as { errors?: unknown } | undefined;
  const fieldErrors = samedayFieldErrors(body?.errors);
  if (res.status === 404) return new ProviderError('sameday', 'not_found', message, { status: 404 });
  if (res.status === 429)
    return new ProviderError('sameday', 'rate_limited', message, {
      status: 429,
      retryAfterSeconds: Number(res.headers.get('retry-after')) || undefined,
    });
  if (res.status >= 500) return new ProviderError('sameday', 'unavailable', message, { status: res.status });
  return new ProviderError('sameday', 'rejected', message, {
    status: res.status,
    fieldErrors: fieldErrors.length ? fieldErrors : undefined,
  });
}
