import { fromBucharest } from '../../lib/bucharestTime.js';
import { dpdEvent } from './dpdStatuses.js';
import { ProviderError, ProviderHttp, tryJson, type ProviderResponse } from '../http.js';
import type { ClientDeps } from '../shared.js';
import type {
  CodRepayment,
  AwbLookup,
  AwbTracking,
  County,
  CourierClient,
  CourierCredentials,
  CreateAwbInput,
  CreatedAwb,
  FoundAwb,
  LabelFormat,
  Locality,
  PickupPoint,
  Street,
} from './types.js';

/**
 * DPD Romania Web API v1 (api.dpd.ro/web-api.html): every call a POST with `userName` and
 * `password` in the JSON body (no token), errors inside HTTP 200 as `{error: {...}}`, bad
 * credentials as error code 1. The sender is one of the contract's client objects; printing and
 * tracking go by parcel id (max 10 parcels per track call). Text goes without diacritics.
 */

const ROMANIA = 642;
const DEFAULT_SERVICE = 2505; // DPD STANDARD
const TRACK_BATCH = 10;

/** DPD's own plugins strip diacritics everywhere (ș and ş, ț and ţ alike). */
export const stripDiacritics = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

interface DpdError {
  message?: string;
  context?: string;
  code?: number;
}

export class DpdClient implements CourierClient {
  readonly provider = 'dpd' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly credentials: CourierCredentials,
    deps: ClientDeps,
  ) {
    this.http = new ProviderHttp('dpd', deps.baseUrl, deps.http);
  }

  /** A POST with the credentials merged into the body; answers the raw response (PDF for print). */
  private async raw(path: string, fields: Record<string, unknown>, idempotent: boolean): Promise<ProviderResponse> {
    const res = await this.http.send({
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        userName: this.credentials.username,
        password: this.credentials.password,
        language: 'RO',
        ...fields,
      }),
      idempotent,
    });
    if (res.status === 429) throw new ProviderError('dpd', 'rate_limited', `HTTP 429`, { status: 429 });
    if (res.status >= 500) throw new ProviderError('dpd', 'unavailable', `HTTP ${res.status}`, { status: res.status });
    if (res.status >= 300 && !res.contentType.includes('json'))
      throw new ProviderError('dpd', 'rejected', `HTTP ${res.status}`, { status: res.status });
    if (res.contentType.includes('json') || res.body[0] === 0x7b) {
      const body = tryJson(res) as { error?: DpdError } | undefined;
      if (body?.error) throw dpdFailure(body.error, res.status);
    }
    return res;
  }

  private async post<T>(path: string, fields: Record<string, unknown>, idempotent: boolean): Promise<T> {
    return (await this.raw(path, fields, idempotent)).json<T>();
  }

  async verifyCredentials(): Promise<void> {
    await this.post('client/contract', {}, true);
  }

  async pickupPoints(): Promise<PickupPoint[]> {
    const body = await this.post<{ clients?: DpdContractClient[] }>('client/contract', {}, true);
    return (body.clients ?? []).map((c, i) => ({
      id: String(c.clientId),
      name: c.objectName || c.clientName,
      address: c.address?.fullAddressString ?? '',
      isDefault: i === 0,
    }));
  }

  async counties(): Promise<County[]> {
    const body = await this.post<{ states?: { id: number; name: string; code?: string }[] }>(
      'location/state',
      { countryId: ROMANIA },
      true,
    );
    return (body.states ?? []).map((s) => ({ id: String(s.id), name: s.name, code: s.code ?? null }));
  }

  /** DPD's sites of a county, asked by the county's name as its `region`. */
  async localities(county: { id: string; name: string }): Promise<Locality[]> {
    const body = await this.post<{ sites?: { id: number; name: string; postCode?: string }[] }>(
      'location/site',
      { countryId: ROMANIA, region: stripDiacritics(county.name).toUpperCase() },
      true,
    );
    return (body.sites ?? []).map((s) => ({
      id: String(s.id),
      name: s.name,
      countyId: county.id,
      postalCode: /^\d{6}$/.test(s.postCode ?? '') ? s.postCode! : null,
    }));
  }

  async streets(locality: { id: string; name: string }, search?: string): Promise<Street[]> {
    const body = await this.post<{ streets?: { id: number; type?: string; name: string }[] }>(
      'location/street',
      { countryId: ROMANIA, siteId: Number(locality.id), name: stripDiacritics(search ?? '') },
      true,
    );
    // DPD streets carry no postal-code ranges.
    return (body.streets ?? []).map((s) => ({
      id: String(s.id),
      name: [s.type, s.name].filter(Boolean).join(' '),
      postalCodes: [],
    }));
  }

  async createAwb(input: CreateAwbInput): Promise<CreatedAwb> {
    const r = input.recipient;
    const t = (s?: string | null) => (s ? stripDiacritics(s) : undefined);
    const numeric = (v?: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
    const weight = Math.round(input.parcels.reduce((s, p) => s + p.weightKg, 0) * 1000) / 1000;
    const additional: Record<string, unknown> = {};
    if (input.codBani > 0)
      additional.cod = {
        amount: input.codBani / 100,
        currencyCode: 'RON',
        processingType: 'CASH',
        includeShippingPrice: false,
      };
    if (input.declaredValueBani > 0)
      additional.declaredValue = { amount: input.declaredValueBani / 100, fragile: false };
    const body = {
      sender: { clientId: Number(input.pickupPointId) },
      recipient: {
        phone1: { number: r.phone.replace(/[^\d+]/g, '') },
        email: r.email,
        clientName: t(r.name),
        // DPD forbids a contact name for private persons and requires one for companies.
        ...(r.isCompany ? { contactName: t(r.contactPerson ?? r.name) } : {}),
        privatePerson: !r.isCompany,
        address: {
          countryId: ROMANIA,
          ...(numeric(r.localityId) ? { siteId: numeric(r.localityId) } : { siteName: t(r.localityName) }),
          postCode: r.postalCode,
          ...(numeric(r.streetId)
            ? { streetId: numeric(r.streetId) }
            : r.streetName
              ? { streetName: t(r.streetName) }
              : {}),
          streetNo: t(r.streetNumber),
          addressNote: t(r.address),
        },
      },
      service: {
        serviceId: input.serviceId ? Number(input.serviceId) : DEFAULT_SERVICE,
        autoAdjustPickupDate: true,
        additionalServices: additional,
      },
      content: {
        parcelsCount: input.parcels.length,
        totalWeight: weight,
        contents: t(input.content) || 'MARFA',
        package: 'BOX',
        parcels: input.parcels.map((p, i) => ({
          seqNo: i + 1,
          weight: p.weightKg,
          size: { width: p.widthCm, depth: p.lengthCm, height: p.heightCm },
        })),
      },
      payment: { courierServicePayer: 'SENDER' },
      shipmentNote: t(input.observations),
      ref1: t(input.reference),
    };
    const res = await this.post<{
      id?: string | number;
      parcels?: { id: string | number }[];
      price?: { total?: number };
    }>('shipment', body, false);
    if (!res.id) throw new ProviderError('dpd', 'unavailable', 'the answer has no shipment id');
    return {
      awbNumber: String(res.id),
      parcelNumbers: (res.parcels ?? []).map((p) => String(p.id)),
      costBani: typeof res.price?.total === 'number' ? Math.round(res.price.total * 100) : null,
    };
  }

  private async parcelIds(awbNumber: string): Promise<string[]> {
    const info = await this.post<{ shipments?: { id: string; parcels?: { id: string | number }[] }[] }>(
      'shipment/info',
      { shipmentIds: [awbNumber] },
      true,
    );
    const parcels = info.shipments?.[0]?.parcels?.map((p) => String(p.id)) ?? [];
    if (parcels.length === 0) throw new ProviderError('dpd', 'not_found', `shipment ${awbNumber} not found`);
    return parcels;
  }

  async awbPdf(awb: { awbNumber: string; parcelNumbers?: string[] }, format: LabelFormat = 'A4'): Promise<Buffer> {
    const parcels = awb.parcelNumbers?.length ? awb.parcelNumbers : await this.parcelIds(awb.awbNumber);
    const res = await this.raw(
      'print',
      {
        format: 'pdf',
        paperSize: format === 'A6' ? 'A6' : 'A4',
        parcels: parcels.map((id) => ({ parcel: { id } })),
      },
      true,
    );
    if (res.body.subarray(0, 4).toString('latin1') !== '%PDF')
      throw new ProviderError('dpd', 'unavailable', 'the label is not a PDF', { status: res.status });
    return res.body;
  }

  async deleteAwb(awbNumber: string): Promise<void> {
    await this.post('shipment/cancel', { shipmentId: awbNumber, comment: 'Anulat din consola' }, false);
  }

  async track(awbNumbers: string[]): Promise<AwbTracking[]> {
    const found = new Map<string, DpdTrackedParcel>();
    for (let i = 0; i < awbNumbers.length; i += TRACK_BATCH) {
      const batch = awbNumbers.slice(i, i + TRACK_BATCH);
      const body = await this.post<{ parcels?: DpdTrackedParcel[] }>(
        'track',
        { parcels: batch.map((id) => ({ id })), lastOperationOnly: false },
        true,
      );
      for (const p of body.parcels ?? []) found.set(String(p.parcelId), p);
    }
    return awbNumbers.map((awbNumber) => {
      const p = found.get(awbNumber);
      if (!p || p.error)
        return { awbNumber, status: null, events: [], error: p?.error?.message ?? 'not tracked by DPD' };
      const events = (p.operations ?? [])
        .map((o) => ({
          at: fromBucharest(String(o.dateTime)) ?? 0,
          code: String(o.operationCode),
          description: o.description,
          location: o.place ?? null,
          ...dpdEvent(o.operationCode),
        }))
        .sort((a, b) => a.at - b.at);
      return { awbNumber, status: events.at(-1)?.status ?? null, events };
    });
  }

  /**
   * `payments`: the payouts (cash on delivery transferred to the sender) made on the days of the
   * range, with each shipment's amount in the details; the payout's id is the reference. DPD
   * invoices its fees apart: none here.
   */
  async codRepayments(range: { from: string; to: string }): Promise<CodRepayment[]> {
    const body = await this.post<{ payouts?: DpdPayout[] }>(
      'payments',
      { fromDate: range.from, toDate: range.to, includeDetails: true },
      true,
    );
    return (body.payouts ?? []).flatMap((p) =>
      (p.details ?? []).flatMap((d) => {
        const amount = Number(d.amount);
        if (!d.shipmentId || !Number.isFinite(amount)) return [];
        return [
          {
            awbNumber: String(d.shipmentId),
            paidBani: Math.round(amount * 100),
            feeBani: 0,
            paidOn: String(p.date).slice(0, 10),
            reference: String(p.id),
          },
        ];
      }),
    );
  }

  /**
   * `shipment/search` on ref1 (the reference is unique per attempt, so no date range is needed),
   * then `shipment/info` for the parcels: a cancelled shipment has no info and is left out. A
   * shipment whose info gives back another ref1 is left out too: how loosely the search compares
   * is not documented, and "12-1" must never find the AWB of "112-1" or "12-10".
   */
  async findAwbsByReference(lookup: AwbLookup): Promise<FoundAwb[]> {
    const ref = stripDiacritics(lookup.reference);
    const search = await this.post<{ barcodes?: (string | number)[] }>(
      'shipment/search',
      { ref, searchInRef: 1, shipmentsOnly: true, includeReturns: false },
      true,
    );
    const ids = [...new Set((search.barcodes ?? []).map(String))];
    if (ids.length === 0) return [];
    const info = await this.post<{ shipments?: DpdShipmentInfo[] }>('shipment/info', { shipmentIds: ids }, true);
    return (info.shipments ?? [])
      .filter((s) => s.ref1 === undefined || s.ref1 === null || String(s.ref1) === ref)
      .map((s) => ({
        awbNumber: String(s.id),
        parcelNumbers: (s.parcels ?? []).map((p) => String(p.id)),
        matchedBy: 'reference' as const,
      }));
  }
}

interface DpdPayout {
  id: string | number;
  date: string;
  amount?: number;
  details?: { shipmentId?: string | number; amount?: number | string }[];
}

interface DpdShipmentInfo {
  id: string | number;
  parcels?: { id: string | number }[];
  ref1?: string | null;
}

interface DpdContractClient {
  clientId: number | string;
  clientName: string;
  objectName?: string;
  address?: { fullAddressString?: string };
}

interface DpdTrackedParcel {
  parcelId: string;
  operations?: { dateTime: string; operationCode: number; description: string; place?: string }[];
  error?: DpdError;
}

function dpdFailure(error: DpdError, status: number): ProviderError {
  const message =
    [error.message, error.context && !error.message?.includes(error.context) ? `(${error.context})` : '']
      .filter(Boolean)
      .join(' ') || 'DPD error';
  // Code 1 / "Unable to find user to authenticate" is DPD's answer to bad credentials.
  if (error.code === 1 || /authenticate/i.test(error.message ?? ''))
    return new ProviderError('dpd', 'refused_credentials', error.message ?? message, { status });
  if (error.code === 0) return new ProviderError('dpd', 'unavailable', message, { status });
  if (/not found/i.test(error.message ?? '')) return new ProviderError('dpd', 'not_found', message, { status });
  return new ProviderError('dpd', 'rejected', message, { status });
}
