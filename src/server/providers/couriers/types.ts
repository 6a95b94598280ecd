/**
 * Couriers (Cargus, Sameday, DPD): one interface, three clients.
 *
 * For the integrations / orders engineers:
 * - Build a client with the registry (`registry.courier('cargus', credentials)`, see ../registry.ts);
 *   never construct one with a hard-coded URL.
 * - Credentials use the wizard's field names: `{username, password}` plus `api_key` for Cargus.
 * - Ids (pickup points, contact persons, counties, localities, streets) are strings, whatever the
 *   provider uses; send back exactly what you were given.
 * - Money crosses this interface as integer bani; weights in kg, sizes in cm.
 * - Every method may throw `ProviderError` (../http.ts). `kind` tells what to do:
 *   `refused_credentials` (ask for new credentials), `timeout` (after createAwb: UNKNOWN, the AWB
 *   may exist; never create again blindly), `unavailable` / `rate_limited` (try later), `rejected`
 *   (the provider's `providerMessage` says why: show it), `not_found`.
 * - Login tokens are cached and renewed by the client (one re-login when the provider says the
 *   token expired); callers never handle tokens.
 * - `createAwb` is sent once, never retried. Reads are retried by the HTTP layer.
 */

export const COURIER_PROVIDERS = ['cargus', 'sameday', 'dpd', 'fan'] as const;
export type CourierProvider = (typeof COURIER_PROVIDERS)[number];

export interface CourierCredentials {
  username: string;
  password: string;
  /** Cargus only: the subscription key (Ocp-Apim-Subscription-Key). */
  api_key?: string;
  /** FAN Courier only: the client (branch) number every call names (`clientId`). */
  client_id?: string;
}

export interface ContactPerson {
  id: string;
  name: string;
  position: string | null;
  phoneNumber: string | null;
  defaultContactPerson: boolean;
}

/** Where the courier collects parcels. DPD: the contract's client objects (sender `clientId`). */
export interface PickupPoint {
  id: string;
  name: string;
  /** One readable line. */
  address: string;
  isDefault: boolean;
  /** Sameday only: whom the courier asks for at this point. */
  contact_persons?: ContactPerson[];
  /** The point's county and city, when the provider gives them apart from the address (Sameday). */
  county?: string | null;
  city?: string | null;
}

/** A parcel locker (Sameday's easybox) or pick-up point (Cargus's Ship & Go) where a recipient collects. */
export interface CourierLocker {
  id: string;
  name: string;
  county: string;
  city: string;
  address: string;
  postalCode: string | null;
  /** Whether the point takes cash on delivery; undefined when the courier does not say. */
  cod?: boolean;
}

export interface County {
  id: string;
  name: string;
  /** Two-letter code (CJ, B...) when the provider gives one. */
  code: string | null;
}

export interface Locality {
  id: string;
  name: string;
  countyId: string;
  /** Six digits, or null when the locality's codes are per street (Cargus answers "0"). */
  postalCode: string | null;
  /** A village's commune when the courier gives it (Cargus ParentName, Sameday village): villages of one name differ by it. */
  commune?: string | null;
}

export interface Street {
  id: string;
  name: string;
  /** Postal codes by house-number range (Cargus); empty when the provider has none. */
  postalCodes: { fromNumber: number; toNumber: number; postalCode: string }[];
}

export interface AwbRecipient {
  name: string;
  phone: string;
  email?: string;
  /** A person (false) or a company (true); DPD and Sameday need to know. */
  isCompany?: boolean;
  /** The contact name at a company recipient. */
  contactPerson?: string;
  /** Provider ids when the address was picked from the provider's lists; names are always sent too. */
  countyId?: string | null;
  countyName: string;
  localityId?: string | null;
  localityName: string;
  streetId?: string | null;
  streetName?: string;
  streetNumber?: string;
  /** The full address line as the customer wrote it (block, staircase, flat...). */
  address: string;
  postalCode?: string;
}

export interface AwbParcel {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface CreateAwbInput {
  /** The pickup point chosen in the wizard (DPD: the sender clientId). */
  pickupPointId: string;
  /** Sameday: the contact person chosen in the wizard. */
  contactPersonId?: string;
  /**
   * The seller's company name, sent where the courier's create takes a sender name beside the
   * pickup point (Cargus `Sender.Name`); the others print their account's client on the label.
   */
  senderName?: string;
  recipient: AwbRecipient;
  /** At least one. */
  parcels: AwbParcel[];
  /** Cash on delivery in bani, 0 when prepaid. */
  codBani: number;
  /** Declared (insured) value in bani, 0 for none. */
  declaredValueBani: number;
  /** What is inside (free text; DPD requires it). */
  content: string;
  observations?: string;
  /** The order's reference, echoed by the courier. */
  reference: string;
  /** A provider service id; each client has a sensible default (Cargus 34, DPD 2505, Sameday "24"). */
  serviceId?: string;
  /**
   * Delivery to a locker or pick-up point (`lockers()` id) instead of the recipient's address:
   * Cargus's Ship & Go (service 38) or Sameday's easybox (service LN). The recipient's name, phone
   * and email still go with it.
   */
  lockerId?: string;
}

export interface CreatedAwb {
  awbNumber: string;
  /** Parcel numbers (DPD prints and tracks by them; Sameday AWB+001...). */
  parcelNumbers: string[];
  /** Shipping cost the courier quoted, in bani, when it said. */
  costBani: number | null;
}

/** The courier statuses the console shows, plus cancelled and returned. */
export const AWB_STATUSES = [
  'created',
  'pickedUp',
  'in_transit',
  'inDelivery',
  'delivered',
  'refused',
  'returning',
  'returned',
  'cancelled',
] as const;
export type AwbStatus = (typeof AWB_STATUSES)[number];

/**
 * What a tracking event tells the seller to look at (the parcel "needs attention"): a delivery
 * attempt that failed on the address or the contact (`failed_attempt`), a refusal at the door
 * (`refused`), a parcel going back to the sender (`returning`); null: nothing. The fourth reason,
 * no movement for 3 working days since pickup, is no event: the tracking pass reads it from the
 * events' times.
 */
export const TRACKING_ATTENTION = ['failed_attempt', 'refused', 'returning'] as const;
export type TrackingAttention = (typeof TRACKING_ATTENTION)[number];

/**
 * One row of a courier's status table (`<courier>Statuses.ts` beside its client): the courier's own
 * code, the AwbStatus it means, what it tells the seller to look at (none when left out) and the
 * courier's words for it. A client maps every tracking event through its table, never inline.
 */
export interface CourierStatusRow {
  code: string;
  awbStatus: AwbStatus;
  attention?: TrackingAttention | null;
  label: string;
}

export interface TrackingEvent {
  /** Unix seconds. */
  at: number;
  /** The provider's own code for the event. */
  code: string;
  description: string;
  location: string | null;
  status: AwbStatus;
  /** What the event tells the seller to look at (its status table's row); null or left out: nothing. */
  attention?: TrackingAttention | null;
}

export interface AwbTracking {
  awbNumber: string;
  /** The latest event's status; null when the courier has no event yet. */
  status: AwbStatus | null;
  /** Oldest first. */
  events: TrackingEvent[];
  /** Set when the courier could not answer for this AWB (unknown number...). */
  error?: string;
}

/**
 * The page a label is asked for in, the company's `label_format`: `A4` (an office printer) or `A6`
 * (a thermal printer's label page: each courier's own label size, about 105 × 148 mm or 100 × 150
 * mm, one page per AWB, never a small label centred on an A4 page). A client asks its API for the
 * size (Cargus `format=1`, Sameday `/A6`, DPD `paperSize=A6`, FAN `format=A6`); a courier that
 * cannot make A6 for an AWB answers its nearest label page, never A4 (the caller asked for a label
 * printer). Left out: A4.
 */
export const LABEL_FORMATS = ['A4', 'A6'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Cash on delivery a courier paid to the sender for one AWB (its repayment report). */
export interface CodRepayment {
  awbNumber: string;
  /** What was transferred, bani. */
  paidBani: number;
  /** What the courier kept, bani (0 where it invoices its fees apart). */
  feeBani: number;
  /** The transfer's day, YYYY-MM-DD. */
  paidOn: string;
  /** The courier's reference of the transfer. */
  reference: string;
}

/** What the console knows of a create whose answer never came, to find out whether it made an AWB. */
export interface AwbLookup {
  /** The reference the create carried (Cargus CustomString, DPD ref1, Sameday clientInternalReference). */
  reference: string;
  /** Unix seconds a little before the create was sent: only AWBs made since then are looked at. */
  since: number;
  /** The create's cash on delivery (bani) and total weight (kg): Sameday's candidates are matched on these. */
  codBani: number;
  weightKg: number;
}

/** An AWB found at the courier by `findAwbsByReference`. */
export interface FoundAwb {
  awbNumber: string;
  parcelNumbers: string[];
  /**
   * How it was found. `reference`: the courier gave the create's reference back, so it is that
   * create's AWB. `contents`: the courier's answer carried no reference and only the cash on
   * delivery and weight matched (Sameday's fallback), so it may as well be another parcel's.
   */
  matchedBy: 'reference' | 'contents';
  /** When the courier made it (Unix seconds), when its answer says: shown to whoever chooses among candidates. */
  createdAt?: number | null;
  /** Its cash on delivery (bani) and weight (kg) as the courier holds them, when its answer says. */
  codBani?: number | null;
  weightKg?: number | null;
}

export interface CourierClient {
  readonly provider: CourierProvider;
  /** Logs in (or makes an authenticated read); resolves when the provider accepts the credentials. */
  verifyCredentials(): Promise<void>;
  pickupPoints(): Promise<PickupPoint[]>;
  counties(): Promise<County[]>;
  localities(county: { id: string; name: string }): Promise<Locality[]>;
  /** Streets of a locality; Sameday has no street list and answers []. */
  streets(locality: { id: string; name: string; countyId?: string }, search?: string): Promise<Street[]>;
  /** Sent once, never retried. */
  createAwb(input: CreateAwbInput): Promise<CreatedAwb>;
  /**
   * The AWB's label as PDF bytes (starts with %PDF), in `format` (LabelFormat: A4 when left out;
   * A6 pages no larger than 106 × 151 mm). DPD prints by parcel: pass them when known.
   */
  awbPdf(awb: { awbNumber: string; parcelNumbers?: string[] }, format?: LabelFormat): Promise<Buffer>;
  /** Refused (`rejected`) once the courier has picked the parcel up. */
  deleteAwb(awbNumber: string): Promise<void>;
  /** Tracking of many AWBs, batched as the provider allows; one result per asked AWB, same order. */
  track(awbNumbers: string[]): Promise<AwbTracking[]>;
  /**
   * Sameday's easyboxes and Cargus's Ship & Go points: every point of the courier's network (the
   * list is the same for every account). Couriers without points leave it out.
   */
  lockers?(): Promise<CourierLocker[]>;
  /**
   * The live (not deleted) AWBs made since `lookup.since` for this reference: how a create whose
   * answer never came (timeout) is settled. Empty when the courier has none. Reads only, so they
   * are retried like every read. Cargus: its AWBs by date, filtered on CustomString; DPD:
   * `shipment/search` on ref1; Sameday has no search by reference: the AWBs that moved since then
   * (status-sync), each read, kept when it gives back the create's clientInternalReference, and
   * only when none of them gives any reference back, those whose cash on delivery and weight are
   * the create's (`matchedBy: 'contents'`).
   */
  findAwbsByReference(lookup: AwbLookup): Promise<FoundAwb[]>;
  /**
   * The cash-on-delivery transfers made to the sender on the days of the range (YYYY-MM-DD, both
   * included), where the courier publishes them: Cargus (`CashAccount/GetByDate`) and DPD
   * (`payments`). Sameday's API has no such report (its settlement file is imported instead).
   */
  codRepayments?(range: { from: string; to: string }): Promise<CodRepayment[]>;
  /**
   * The services of the account's contract, where the courier's wizard chooses one (FAN Courier:
   * `reports/services`); the chosen one's id goes back as `CreateAwbInput.serviceId`. Couriers
   * whose service is fixed by the client leave it out.
   */
  contractServices?(): Promise<CourierService[]>;
}

/** A service of a courier contract (`CourierClient.contractServices`). */
export interface CourierService {
  /** What `CreateAwbInput.serviceId` takes (FAN: the service's name, as intern-awb wants it). */
  id: string;
  name: string;
  description: string | null;
  /** Whether an AWB with cash on delivery can go with it (FAN: the "Cont Colector" services). */
  collectsCod: boolean;
}
