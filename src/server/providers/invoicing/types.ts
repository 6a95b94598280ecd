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

/**
 * A discount line (SmartBill's `isDiscount` product): a value taken off the `appliesTo` product
 * lines just before it (SmartBill's `numberOfItems`: 1 right after the product it discounts, the
 * number of products for a discount on the whole order). Sent as a value (discountType 1), so the
 * invoice takes exactly the bani the order computed.
 */
export interface InvoiceDiscountLine {
  discount: true;
  name: string;
  /** Bani taken off (positive). Negative on a storno document: the discount given back. */
  valueBani: number;
  appliesTo: number;
  vatName: string;
  vatPercentage: number;
}

export type InvoiceItem = InvoiceLine | InvoiceDiscountLine;

export const isDiscountLine = (item: InvoiceItem): item is InvoiceDiscountLine =>
  'discount' in item && item.discount === true;

export interface CreateInvoiceInput {
  seriesName: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  dueDate?: string;
  client: InvoiceClient;
  /** In the invoice's order: each discount line right after the product lines it covers. */
  lines: InvoiceItem[];
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
   * Pass the lines as on the original (positive quantities, discounts as taken off): product lines
   * go with negative quantities and discount lines give their value back. Sent once.
   */
  partialReverse(
    ref: InvoiceRef,
    input: Omit<CreateInvoiceInput, 'mentions'> & { mentions?: string },
  ): Promise<InvoiceRef>;
  /**
   * What SmartBill tells of one document (its totals in bani); SmartBill has no other read of an
   * invoice's content. Used to find a document whose create got no answer.
   */
  paymentStatus(ref: InvoiceRef): Promise<PaymentStatus>;
}
