/**
 * Invoicing (SmartBill): the interface the orders and integrations modules use.
 *
 * For the integrations / orders engineers:
 * - Build a client with the registry (`registry.invoicing(credentials)`, see ../registry.ts).
 * - Credentials: the wizard's `{username, token}` plus `vat_code`, the company's VAT code (CIF) as
 *   registered in SmartBill (companies.vat_number): SmartBill names the company on every call.
 * - Money crosses this interface as integer bani; prices go to SmartBill as decimals.
 * - A document is named by `{series, number}` as SmartBill returned it (keep leading zeros: "0025").
 * - Errors are `ProviderError` (../http.ts): `rejected` carries SmartBill's `errorText` (shown as is),
 *   `timeout` after createInvoice / reverse means UNKNOWN (the document may exist: never issue again
 *   blindly), `rate_limited` when SmartBill still said 429 after the client's own queue.
 * - Calls to one account are queued at 3 per second (SmartBill's limit); reads are retried,
 *   createInvoice / reverseInvoice / partialReverse and the state changes are sent once.
 */

export interface InvoicingCredentials {
  /** SmartBill login e-mail. */
  username: string;
  /** API token from SmartBill > Contul meu > Integrari. */
  token: string;
  /** The company's VAT code (CIF) as registered in SmartBill, e.g. "RO12345678". */
  vat_code: string;
}

export interface InvoiceSeries {
  name: string;
  /** The number the next invoice of the series will get, when SmartBill says. */
  nextNumber: string | null;
}

export interface VatRate {
  /** SmartBill's tax name ("Normala", "Redusa", "SDD"...), sent back verbatim on lines. */
  name: string;
  percentage: number;
}

export interface InvoiceClient {
  name: string;
  vatCode?: string;
  regCom?: string;
  isTaxPayer: boolean;
  address: string;
  city: string;
  county: string;
  country: string;
  email?: string;
  phone?: string;
}

export interface InvoiceLine {
  name: string;
  code?: string;
  /** Measuring unit, "buc" by default. */
  unit?: string;
  /** May be fractional; negative on a storno line. */
  quantity: number;
  /** Unit price in bani. */
  unitPriceBani: number;
  /** True when unitPriceBani already contains VAT (the shop's prices do). */
  taxIncluded: boolean;
  vatName: string;
  vatPercentage: number;
  isService?: boolean;
}

export interface CreateInvoiceInput {
  seriesName: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  dueDate?: string;
  client: InvoiceClient;
  lines: InvoiceLine[];
  /** A discount on the whole invoice, in bani (positive), with its VAT. */
  discount?: { name: string; valueBani: number; vatName: string; vatPercentage: number };
  currency?: string;
  /** Collected already: the payment to record with the invoice. */
  payment?: { valueBani: number; type: 'Card' | 'Chitanta' | 'Ordin plata' | 'Ramburs' | 'Alta incasare' };
  mentions?: string;
  observations?: string;
}

export interface InvoiceRef {
  series: string;
  number: string;
}

export interface PaymentStatus {
  totalBani: number;
  paidBani: number;
  unpaidBani: number;
  paid: boolean;
}

export interface InvoicingClient {
  readonly provider: 'smartbill';
  /** Resolves when SmartBill accepts the user, token and VAT code. */
  verifyCredentials(): Promise<void>;
  /** Invoice series (type f). */
  series(): Promise<InvoiceSeries[]>;
  vatRates(): Promise<VatRate[]>;
  /** Sent once, never retried. */
  createInvoice(input: CreateInvoiceInput): Promise<InvoiceRef>;
  invoicePdf(ref: InvoiceRef): Promise<Buffer>;
  /** Voids the invoice; it keeps its number. */
  cancelInvoice(ref: InvoiceRef): Promise<void>;
  /** Undoes a cancel. */
  restoreInvoice(ref: InvoiceRef): Promise<void>;
  /** Only the last invoice of its series can be deleted (else `rejected`). */
  deleteInvoice(ref: InvoiceRef): Promise<void>;
  /** Full storno: a new document in the same series. Once per invoice. Sent once. */
  reverseInvoice(ref: InvoiceRef, issueDate: string): Promise<InvoiceRef>;
  /**
   * Partial storno by returned quantities: SmartBill has no endpoint for it, so this issues a new
   * invoice with the given lines negated (same prices and VAT) and a mention naming the original.
   * Pass the lines with positive quantities (what comes back). Sent once.
   */
  partialReverse(ref: InvoiceRef, input: Omit<CreateInvoiceInput, 'mentions'> & { mentions?: string }): Promise<InvoiceRef>;
  paymentStatus(ref: InvoiceRef): Promise<PaymentStatus>;
}
