import {
  ProviderError,
  ProviderHttp,
  Throttle,
  tryJson,
  type ProviderRequest,
  type ProviderResponse,
} from '../http.js';
import { tokenKey, type ClientDeps } from '../shared.js';
import {
  isDiscountLine,
  type CreateInvoiceInput,
  type InvoiceRef,
  type InvoiceSeries,
  type InvoicingClient,
  type InvoicingCredentials,
  type PaymentStatus,
  type VatRate,
} from './types.js';

/**
 * SmartBill Cloud (api.smartbill.ro): HTTP Basic `email:token`, the company named by
 * `cif` in the query (GET/PUT/DELETE) or `companyVatCode` in the body (POST), `{errorText}` on
 * failure — with a 4xx/5xx, or inside a 200, which is a failure too. At most 3 calls a second per
 * account: calls queue behind a shared throttle rather than meet a 429.
 */

export interface SmartBillOptions {
  /** Calls a second per account (SmartBill's limit, 3). */
  perSecond?: number;
}

// One queue per account, shared by every client built for it (the registry builds one per use).
const throttles = new Map<string, Throttle>();

export class SmartBillClient implements InvoicingClient {
  readonly provider = 'smartbill' as const;
  private readonly http: ProviderHttp;
  private readonly throttle: Throttle;
  private readonly auth: string;

  constructor(
    private readonly credentials: InvoicingCredentials,
    deps: ClientDeps,
    options: SmartBillOptions = {},
  ) {
    this.http = new ProviderHttp('smartbill', deps.baseUrl, deps.http);
    this.auth = `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`).toString('base64')}`;
    const perSecond = options.perSecond ?? 3;
    const key = `${tokenKey('smartbill', deps.baseUrl, credentials.username, credentials.token)}|${perSecond}`;
    let throttle = throttles.get(key);
    if (!throttle) throttles.set(key, (throttle = new Throttle(perSecond)));
    this.throttle = throttle;
  }

  private async send(req: Omit<ProviderRequest, 'headers'>, accept = 'application/json'): Promise<ProviderResponse> {
    const headers: Record<string, string> = { Authorization: this.auth, Accept: accept };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await this.throttle.run(() => this.http.send({ ...req, headers }));
    const body = tryJson(res) as { errorText?: unknown } | undefined;
    const errorText = typeof body?.errorText === 'string' ? body.errorText.trim() : '';
    if (res.status === 401 || res.status === 403)
      throw new ProviderError('smartbill', 'refused_credentials', errorText || 'authentication failed', {
        status: res.status,
      });
    if (res.status === 429) {
      throw new ProviderError('smartbill', 'rate_limited', errorText || 'too many requests', {
        status: 429,
        retryAfterSeconds: Number(res.headers.get('retry-after')) || undefined,
      });
    }
    if (res.status >= 500)
      throw new ProviderError('smartbill', 'unavailable', errorText || `HTTP ${res.status}`, { status: res.status });
    if (res.status >= 300)
      throw new ProviderError(
        'smartbill',
        res.status === 404 ? 'not_found' : 'rejected',
        errorText || `HTTP ${res.status}`,
        { status: res.status },
      );
    // Integrators see errors inside a 200: a non-empty errorText is a failure whatever the status.
    if (errorText) throw new ProviderError('smartbill', 'rejected', errorText, { status: res.status });
    return res;
  }

  private get cif(): string {
    return this.credentials.vat_code.trim();
  }

  private docQuery(ref: InvoiceRef) {
    return { cif: this.cif, seriesname: ref.series, number: ref.number };
  }

  async verifyCredentials(): Promise<void> {
    await this.vatRates();
  }

  async series(): Promise<InvoiceSeries[]> {
    const res = await this.send({
      method: 'GET',
      path: 'series',
      query: { cif: this.cif, type: 'f' },
      idempotent: true,
    });
    const body = res.json<{ list?: { name: string; nextNumber?: string | number }[] }>();
    if (!Array.isArray(body.list)) throw new ProviderError('smartbill', 'unavailable', 'unexpected answer to series');
    return body.list.map((s) => ({ name: s.name, nextNumber: s.nextNumber == null ? null : String(s.nextNumber) }));
  }

  async vatRates(): Promise<VatRate[]> {
    const res = await this.send({ method: 'GET', path: 'tax', query: { cif: this.cif }, idempotent: true });
    const body = res.json<{ taxes?: { name: string; percentage: number }[] }>();
    if (!Array.isArray(body.taxes)) throw new ProviderError('smartbill', 'unavailable', 'unexpected answer to tax');
    return body.taxes.map((t) => ({ name: t.name, percentage: Number(t.percentage) }));
  }

  /** The JSON body of POST /invoice. Prices go as decimals with the line's VAT named verbatim. */
  private invoiceBody(input: CreateInvoiceInput) {
    const c = input.client;
    const currency = input.currency ?? 'RON';
    const products: Record<string, unknown>[] = input.lines.map((l) =>
      isDiscountLine(l)
        ? {
            name: l.name,
            isDiscount: true,
            numberOfItems: l.appliesTo,
            // 1: a value (negative: taken off); the bani the order computed, never re-derived from a percentage.
            discountType: 1,
            discountValue: -l.valueBani / 100,
            isTaxIncluded: true,
            taxName: l.vatName,
            taxPercentage: l.vatPercentage,
          }
        : {
            name: l.name,
            code: l.code,
            measuringUnitName: l.unit ?? 'buc',
            currency,
            quantity: l.quantity,
            price: l.unitPriceBani / 100,
            isTaxIncluded: l.taxIncluded,
            taxName: l.vatName,
            taxPercentage: l.vatPercentage,
            isService: l.isService ?? false,
            saveToDb: false,
          },
    );
    if (input.discount && input.discount.valueBani > 0) {
      products.push({
        name: input.discount.name,
        isDiscount: true,
        numberOfItems: input.lines.filter((l) => !isDiscountLine(l)).length,
        discountType: 1,
        discountValue: -input.discount.valueBani / 100,
        isTaxIncluded: true,
        taxName: input.discount.vatName,
        taxPercentage: input.discount.vatPercentage,
      });
    }
    return {
      companyVatCode: this.cif,
      seriesName: input.seriesName,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      isDraft: false,
      currency,
      language: 'RO',
      precision: 2,
      mentions: input.mentions,
      observations: input.observations,
      useStock: false,
      client: {
        name: c.name,
        vatCode: c.vatCode,
        regCom: c.regCom,
        isTaxPayer: c.isTaxPayer,
        address: c.address,
        city: c.city,
        county: c.county,
        country: c.country,
        email: c.email,
        phone: c.phone,
        saveToDb: false,
      },
      products,
      ...(input.payment
        ? {
            payment: {
              value: input.payment.valueBani / 100,
              type: input.payment.type,
              isCash: input.payment.type === 'Chitanta',
            },
          }
        : {}),
    };
  }

  private documentRef(res: ProviderResponse): InvoiceRef {
    const body = res.json<{ number?: string | number; series?: string }>();
    if (body.number == null || !body.series)
      throw new ProviderError('smartbill', 'unavailable', 'the answer has no document number');
    return { series: body.series, number: String(body.number) };
  }

  async createInvoice(input: CreateInvoiceInput): Promise<InvoiceRef> {
    const res = await this.send({
      method: 'POST',
      path: 'invoice',
      body: JSON.stringify(this.invoiceBody(input)),
      idempotent: false,
    });
    return this.documentRef(res);
  }

  async invoicePdf(ref: InvoiceRef): Promise<Buffer> {
    const res = await this.send(
      { method: 'GET', path: 'invoice/pdf', query: this.docQuery(ref), idempotent: true },
      'application/octet-stream',
    );
    if (res.body.subarray(0, 4).toString('latin1') !== '%PDF')
      throw new ProviderError('smartbill', 'unavailable', 'the invoice is not a PDF', { status: res.status });
    return res.body;
  }

  async cancelInvoice(ref: InvoiceRef): Promise<void> {
    await this.send({ method: 'PUT', path: 'invoice/cancel', query: this.docQuery(ref), idempotent: false });
  }

  async restoreInvoice(ref: InvoiceRef): Promise<void> {
    await this.send({ method: 'PUT', path: 'invoice/restore', query: this.docQuery(ref), idempotent: false });
  }

  async deleteInvoice(ref: InvoiceRef): Promise<void> {
    await this.send({ method: 'DELETE', path: 'invoice', query: this.docQuery(ref), idempotent: false });
  }

  async reverseInvoice(ref: InvoiceRef, issueDate: string): Promise<InvoiceRef> {
    const res = await this.send({
      method: 'POST',
      path: 'invoice/reverse',
      body: JSON.stringify({ companyVatCode: this.cif, seriesName: ref.series, number: ref.number, issueDate }),
      idempotent: false,
    });
    return this.documentRef(res);
  }

  async partialReverse(
    ref: InvoiceRef,
    input: Omit<CreateInvoiceInput, 'mentions'> & { mentions?: string },
  ): Promise<InvoiceRef> {
    const body = this.invoiceBody({
      ...input,
      lines: input.lines.map((l) =>
        isDiscountLine(l) ? { ...l, valueBani: -Math.abs(l.valueBani) } : { ...l, quantity: -Math.abs(l.quantity) },
      ),
      discount: undefined,
      payment: input.payment ? { ...input.payment, valueBani: -Math.abs(input.payment.valueBani) } : undefined,
      // The invoice named as the console names it (series, a space, number: "FCT 0001").
      mentions: input.mentions ?? `Factura storno pentru ${ref.series} ${ref.number}`,
    });
    const res = await this.send({ method: 'POST', path: 'invoice', body: JSON.stringify(body), idempotent: false });
    return this.documentRef(res);
  }

  async paymentStatus(ref: InvoiceRef): Promise<PaymentStatus> {
    const res = await this.send({
      method: 'GET',
      path: 'invoice/paymentstatus',
      query: this.docQuery(ref),
      idempotent: true,
    });
    const b = res.json<{ invoiceTotalAmount?: number; paidAmount?: number; unpaidAmount?: number; paid?: boolean }>();
    const bani = (n: unknown) => Math.round(Number(n ?? 0) * 100);
    return {
      totalBani: bani(b.invoiceTotalAmount),
      paidBani: bani(b.paidAmount),
      unpaidBani: bani(b.unpaidAmount),
      paid: Boolean(b.paid),
    };
  }
}
