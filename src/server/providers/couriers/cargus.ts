import { bucharestDate, fromBucharest } from '../../lib/bucharestTime.js';
import { cargusEvent } from './cargusStatuses.js';
import { ProviderError, ProviderHttp, tryJson, type ProviderRequest, type ProviderResponse } from '../http.js';
import { tokenKey, type ClientDeps } from '../shared.js';
import type {
  CodRepayment,
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
} from './types.js';

/**
 * Cargus UrgentOnlineAPI (developer portal urgentcargus.portal.azure-api.net): subscription key header on every call, a
 * bearer token from `LoginUser` (a JSON string, valid 24 h), JSON bodies, errors as a JSON array
 * of messages / `{Error}` / `{message}` / a bare string. Recipients are sent by names (ids when
 * known); labels come back as a JSON string of base64.
 */

const TOKEN_SECONDS = 24 * 3600;
/** Renew a little early: a token that expires in flight costs a failed call and a re-login. */
const TOKEN_MARGIN = 10 * 60;
const ROMANIA = 1;
const DEFAULT_SERVICE = 34; // Economic Standard, ≤ 31 kg
/** Barcodes per AwbTrace call (the query string carries them as a JSON array). */
const TRACE_BATCH = 50;
/** AWBs per page of Awbs/GetByDate (integrators read pages of 100 until a short one). */
const BY_DATE_PAGE = 100;
/** Pages read while looking for a reference; beyond that the answer would be a guess. */
const BY_DATE_MAX_PAGES = 100;

export class CargusClient implements CourierClient {
  readonly provider = 'cargus' as const;
  private readonly http: ProviderHttp;
  private readonly key: string;

  constructor(
    private readonly credentials: CourierCredentials,
    private readonly deps: ClientDeps,
  ) {
    this.http = new ProviderHttp('cargus', deps.baseUrl, deps.http);
    this.key = tokenKey('cargus', deps.baseUrl, credentials.username, credentials.password, credentials.api_key ?? '');
  }

  private baseHeaders(withBody = true): Record<string, string> {
    return {
      'Ocp-Apim-Subscription-Key': this.credentials.api_key ?? '',
      ...(withBody ? { 'Content-Type': 'application/json' } : {}),
      Accept: 'application/json',
    };
  }

  private async login(): Promise<string> {
    const res = await this.http.send({
      method: 'POST',
      path: 'LoginUser',
      headers: this.baseHeaders(),
      body: JSON.stringify({ UserName: this.credentials.username, Password: this.credentials.password }),
      // Logging in creates nothing: safe to repeat.
      idempotent: true,
    });
    const body = tryJson(res);
    if (res.status === 200 && typeof body === 'string' && body && !/failed to authenticate/i.test(body)) {
      this.deps.tokens.set(this.key, { token: body, expiresAt: this.deps.clock.now() + TOKEN_SECONDS - TOKEN_MARGIN });
      return body;
    }
    if (res.status === 401 || res.status === 403 || /failed to authenticate/i.test(res.text())) {
      throw new ProviderError('cargus', 'refused_credentials', cargusMessage(body, res) ?? 'Failed to authenticate!', {
        status: res.status,
      });
    }
    throw this.failure(res);
  }

  private async token(): Promise<string> {
    const cached = this.deps.tokens.get(this.key);
    if (cached && cached.expiresAt > this.deps.clock.now()) return cached.token;
    return this.login();
  }

  /** An authenticated call; a token the server no longer accepts gets one re-login and one resend. */
  private async call(req: Omit<ProviderRequest, 'headers'>): Promise<ProviderResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.token();
      const res = await this.http.send({
        ...req,
        headers: { ...this.baseHeaders(req.body !== undefined), Authorization: `Bearer ${token}` },
      });
      if (res.status === 401 && isSubscriptionDenied(res)) {
        throw new ProviderError(
          'cargus',
          'refused_credentials',
          cargusMessage(tryJson(res), res) ?? 'invalid subscription key',
          { status: 401 },
        );
      }
      // A 401 means the request was refused before anything was done: resending a create is safe.
      if (res.status === 401 && attempt === 1) {
        this.deps.tokens.delete(this.key);
        continue;
      }
      if (res.status === 401)
        throw new ProviderError('cargus', 'refused_credentials', cargusMessage(tryJson(res), res) ?? 'token refused', {
          status: 401,
        });
      if (res.status >= 300) throw this.failure(res);
      const body = tryJson(res);
      if (body && typeof body === 'object' && !Array.isArray(body) && 'Error' in body) {
        throw new ProviderError('cargus', 'rejected', String((body as { Error: unknown }).Error), {
          status: res.status,
        });
      }
      return res;
    }
  }

  private failure(res: ProviderResponse): ProviderError {
    const message = cargusMessage(tryJson(res), res) ?? `HTTP ${res.status}`;
    if (res.status === 429)
      return new ProviderError('cargus', 'rate_limited', message, {
        status: 429,
        retryAfterSeconds: Number(res.headers.get('retry-after')) || undefined,
      });
    if (res.status >= 500 || res.status === 200)
      return new ProviderError('cargus', 'unavailable', message, { status: res.status });
    if (res.status === 404) return new ProviderError('cargus', 'not_found', message, { status: 404 });
    return new ProviderError('cargus', 'rejected', message, { status: res.status });
  }

  private async getJson<T>(path: string, query?: ProviderRequest['query']): Promise<T | null> {
    const res = await this.call({ method: 'GET', path, query, idempotent: true });
    if (res.status === 204 || res.body.length === 0) return null;
    return res.json<T>();
  }

  async verifyCredentials(): Promise<void> {
    this.deps.tokens.delete(this.key);
    await this.login();
  }

  async pickupPoints(): Promise<PickupPoint[]> {
    const rows = (await this.getJson<CargusLocation[]>('PickupLocations')) ?? [];
    // The official plugin drops the placeholder LocationId 0 when there are real points.
    const real = rows.length > 1 ? rows.filter((r) => Number(r.LocationId) !== 0) : rows;
    return real.map((r, i) => ({
      id: String(r.LocationId),
      name: r.Name,
      address: [
        r.AddressText || [r.StreetName, r.BuildingNumber].filter(Boolean).join(' '),
        r.LocalityName,
        r.CountyName,
      ]
        .filter(Boolean)
        .join(', '),
      isDefault: i === 0,
    }));
  }

  /**
   * Every Ship & Go point (`GET PudoPoints`): an AWB to one is made with service 38 and
   * `DeliveryPudoPoint`; `ServiceCOD` says whether the point collects cash on delivery.
   */
  async lockers(): Promise<CourierLocker[]> {
    const rows = (await this.getJson<CargusPudoPoint[]>('PudoPoints')) ?? [];
    return rows.map((r) => ({
      id: String(r.Id),
      name: r.Name,
      county: r.County ?? '',
      city: r.City ?? '',
      address: [r.StreetName, r.StreetNo].filter(Boolean).join(' '),
      postalCode: /^\d{6}$/.test(String(r.PostalCode ?? '')) ? String(r.PostalCode) : null,
      cod: Boolean(r.ServiceCOD),
    }));
  }

  async counties(): Promise<County[]> {
    const rows =
      (await this.getJson<{ CountyId: number; Name: string; Abbreviation: string }[]>('Counties', {
        countryId: ROMANIA,
      })) ?? [];
    return rows.map((r) => ({ id: String(r.CountyId), name: r.Name, code: r.Abbreviation || null }));
  }

  async localities(county: { id: string; name: string }): Promise<Locality[]> {
    const rows =
      (await this.getJson<CargusLocality[]>('Localities', { countryId: ROMANIA, countyId: county.id })) ?? [];
    return rows.map((r) => {
      const zip = String(r.PostalCode ?? r.CodPostal ?? '');
      return {
        id: String(r.LocalityId),
        name: r.Name,
        countyId: String(r.CountyId ?? county.id),
        postalCode: /^\d{6}$/.test(zip) ? zip : null,
        commune: r.ParentName?.trim() || null,
      };
    });
  }

  async streets(locality: { id: string; name: string }, search?: string): Promise<Street[]> {
    const rows = (await this.getJson<CargusStreet[]>('Streets', { localityId: locality.id })) ?? [];
    const needle = search?.trim().toLowerCase();
    return rows
      .filter((r) => !needle || r.Name.toLowerCase().includes(needle))
      .map((r) => ({
        id: String(r.StreetId),
        name: r.Name,
        postalCodes: (r.PostalNumbers ?? []).map((p) => ({
          fromNumber: Number(p.FromNo),
          toNumber: Number(p.ToNo),
          postalCode: String(p.PostalCode),
        })),
      }));
  }

  async createAwb(input: CreateAwbInput): Promise<CreatedAwb> {
    const r = input.recipient;
    const totalWeight = input.parcels.reduce((s, p) => s + p.weightKg, 0);
    const body = {
      // The pickup point gives the address; the name is the seller's company, printed as the sender.
      Sender: { LocationId: Number(input.pickupPointId), ...(input.senderName ? { Name: input.senderName } : {}) },
      Recipient: {
        LocationId: null,
        Name: r.name,
        CountyId: r.countyId ? Number(r.countyId) : null,
        CountyName: r.countyName,
        LocalityId: r.localityId ? Number(r.localityId) : null,
        LocalityName: r.localityName,
        StreetId: r.streetId ? Number(r.streetId) : null,
        StreetName: r.streetName || '-',
        BuildingNumber: r.streetNumber ?? '',
        AddressText: r.address,
        ContactPerson: r.contactPerson ?? r.name,
        PhoneNumber: r.phone,
        Email: r.email ?? '',
        CodPostal: r.postalCode ?? '',
      },
      Parcels: input.parcels.length,
      Envelopes: 0,
      // Cargus wants whole kilograms, at least 1.
      TotalWeight: Math.max(1, Math.ceil(totalWeight)),
      ServiceId: input.lockerId ? PUDO_SERVICE : input.serviceId ? Number(input.serviceId) : DEFAULT_SERVICE,
      ...(input.lockerId ? { DeliveryPudoPoint: Number(input.lockerId) } : {}),
      DeclaredValue: input.declaredValueBani / 100,
      CashRepayment: input.codBani / 100,
      BankRepayment: 0,
      OtherRepayment: '',
      OpenPackage: false,
      ShipmentPayer: 1,
      MorningDelivery: false,
      SaturdayDelivery: false,
      Observations: input.observations ?? '',
      PackageContent: input.content,
      CustomString: input.reference,
      ParcelCodes: input.parcels.map((p) => ({
        Code: '0',
        Type: 1,
        Weight: p.weightKg,
        Length: p.lengthCm,
        Width: p.widthCm,
        Height: p.heightCm,
        ParcelContent: input.content,
      })),
    };
    const res = await this.call({
      method: 'POST',
      path: 'Awbs/WithGetAwb',
      body: JSON.stringify(body),
      idempotent: false,
    });
    const rows = res.json<
      {
        BarCode?: string | number;
        ParcelCodes?: { Code: string | number }[];
        ShippingCost?: { GrandTotal?: number };
      }[]
    >();
    const awb = Array.isArray(rows) ? rows[0] : undefined;
    if (!awb?.BarCode)
      throw new ProviderError('cargus', 'unavailable', 'the answer has no AWB number', { status: res.status });
    return {
      awbNumber: String(awb.BarCode),
      parcelNumbers: (awb.ParcelCodes ?? []).map((p) => String(p.Code)),
      costBani: typeof awb.ShippingCost?.GrandTotal === 'number' ? Math.round(awb.ShippingCost.GrandTotal * 100) : null,
    };
  }

  async awbPdf(awb: { awbNumber: string }, format: LabelFormat = 'A4'): Promise<Buffer> {
    const res = await this.call({
      method: 'GET',
      path: 'AwbDocuments',
      query: {
        barCodes: JSON.stringify([awb.awbNumber]),
        type: 'PDF',
        format: format === 'A6' ? 1 : 0,
        printMainOnce: format === 'A6' ? 2 : 1,
      },
      idempotent: true,
    });
    const base64 = res.json<unknown>();
    const pdf = typeof base64 === 'string' ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
    if (pdf.subarray(0, 4).toString('latin1') !== '%PDF')
      throw new ProviderError('cargus', 'unavailable', 'the label is not a PDF', { status: res.status });
    return pdf;
  }

  async deleteAwb(awbNumber: string): Promise<void> {
    const res = await this.call({ method: 'DELETE', path: 'Awbs', query: { barCode: awbNumber }, idempotent: false });
    const ok = tryJson(res);
    if (ok !== true && ok !== 1 && ok !== 'true')
      throw new ProviderError('cargus', 'rejected', cargusMessage(ok, res) ?? 'the AWB was not deleted', {
        status: res.status,
      });
  }

  async track(awbNumbers: string[]): Promise<AwbTracking[]> {
    const found = new Map<string, CargusTrace>();
    for (let i = 0; i < awbNumbers.length; i += TRACE_BATCH) {
      const batch = awbNumbers.slice(i, i + TRACE_BATCH);
      const rows = (await this.getJson<CargusTrace[]>('AwbTrace', { barCode: JSON.stringify(batch) })) ?? [];
      for (const row of rows) found.set(String(row.Code), row);
    }
    return awbNumbers.map((awbNumber) => {
      const row = found.get(awbNumber);
      if (!row) return { awbNumber, status: null, events: [], error: 'AWB not found at Cargus' };
      const events = (row.Event ?? [])
        .map((e) => ({
          at: fromBucharest(String(e.Date)) ?? 0,
          code: String(e.EventId),
          description: e.Description,
          location: e.LocalityName ?? null,
          ...cargusEvent(e.EventId, e.Description),
        }))
        .sort((a, b) => a.at - b.at);
      return { awbNumber, status: events.at(-1)?.status ?? null, events };
    });
  }

  /**
   * `CashAccount/GetByDate` (ISO dates, unlike Awbs/GetByDate): the account's cash on delivery
   * collected in the range; a row is a transfer once it has its DeductionDate (the day it was paid
   * to the sender) and DeductionId (the payment order). Cargus invoices its fees apart: none here.
   * The range is of collection days; a transfer lands a few days later, so the caller asks a window
   * that reaches back far enough.
   */
  async codRepayments(range: { from: string; to: string }): Promise<CodRepayment[]> {
    const rows =
      (await this.getJson<CargusRepaymentRow[]>('CashAccount/GetByDate', { FromDate: range.from, ToDate: range.to })) ??
      [];
    return rows.flatMap((r) => {
      const awb = String(r.BarCode ?? '').trim();
      const paidOn = String(r.DeductionDate ?? '').slice(0, 10);
      const amount = Number(r.RepaymentValue);
      if (!awb || !/^\d{4}-\d{2}-\d{2}$/.test(paidOn) || !Number.isFinite(amount)) return [];
      return [
        {
          awbNumber: awb,
          paidBani: Math.round(amount * 100),
          feeBani: 0,
          paidOn,
          reference: String(r.DeductionId ?? paidOn),
        },
      ];
    });
  }

  /** `Awbs/GetByDate` (dates MM-dd-yyyy, Bucharest days) page by page, kept where CustomString is the reference. */
  async findAwbsByReference(lookup: AwbLookup): Promise<FoundAwb[]> {
    const day = (seconds: number) => {
      const [y, m, d] = bucharestDate(seconds).split('-');
      return `${m}-${d}-${y}`;
    };
    const found: FoundAwb[] = [];
    for (let page = 1; page <= BY_DATE_MAX_PAGES; page++) {
      const query = {
        FromDate: day(lookup.since),
        ToDate: day(this.deps.clock.now()),
        pageNumber: page,
        itemsPerPage: BY_DATE_PAGE,
      };
      const rows = (await this.getJson<CargusAwbRow[]>('Awbs/GetByDate', query)) ?? [];
      for (const r of rows) {
        if (r.BarCode && String(r.CustomString ?? '') === lookup.reference)
          found.push({
            awbNumber: String(r.BarCode),
            parcelNumbers: (r.ParcelCodes ?? []).map((p) => String(p.Code)),
            matchedBy: 'reference',
          });
      }
      if (rows.length < BY_DATE_PAGE) return found;
    }
    // Not read to the end: saying "none" could let a second AWB be made.
    throw new ProviderError(
      'cargus',
      'unavailable',
      `more than ${BY_DATE_PAGE * BY_DATE_MAX_PAGES} AWBs since ${day(lookup.since)}: the reference could not be searched`,
    );
  }
}

interface CargusRepaymentRow {
  BarCode?: string | number;
  RepaymentValue?: number | string;
  RepaymentDate?: string | null;
  DeductionDate?: string | null;
  DeductionId?: string | number | null;
}

interface CargusAwbRow {
  BarCode?: string | number;
  CustomString?: string | null;
  ParcelCodes?: { Code: string | number }[];
}

interface CargusLocation {
  LocationId: number;
  Name: string;
  CountyName?: string;
  LocalityName?: string;
  StreetName?: string;
  BuildingNumber?: string;
  AddressText?: string;
}
interface CargusLocality {
  LocalityId: number;
  Name: string;
  CountyId?: number;
  ParentName?: string | null;
  PostalCode?: string | number;
  CodPostal?: string | number;
}
interface CargusStreet {
  StreetId: number;
  Name: string;
  PostalNumbers?: { FromNo: number; ToNo: number; PostalCode: string | number }[];
}
interface CargusTrace {
  Code: string | number;
  Event?: { EventId: number; Description: string; LocalityName?: string; Date: string }[];
}

function isSubscriptionDenied(res: ProviderResponse): boolean {
  return /subscription key/i.test(res.text());
}

/** Cargus's error in any of its shapes: ["a","b"], {Error}, {message}, {Message}, "text". */
function cargusMessage(body: unknown, res: ProviderResponse): string | null {
  if (Array.isArray(body) && body.length) return body.map(String).join(', ');
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    for (const k of ['Error', 'message', 'Message']) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  }
  const text = res.text().trim();
  return text && text.length < 300 && !text.startsWith('<') ? text : null;
}

/** Cargus's service for a delivery to a Ship & Go point (with `DeliveryPudoPoint`). */
const PUDO_SERVICE = 38;

/** A Ship & Go point as `PudoPoints` lists it (the fields the plugins read). */
interface CargusPudoPoint {
  Id: number;
  Name: string;
  LocationId?: number;
  CityId?: number;
  City?: string;
  County?: string;
  StreetName?: string;
  StreetNo?: string;
  PostalCode?: string;
  Latitude?: number;
  Longitude?: number;
  ServiceCOD?: boolean;
  PaymentType?: number;
  OpenHours?: unknown;
}
