import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { requiredText } from '../validation.js';

/**
 * Integrations: the providers a company can set up, each company's set-up of them, the steps of the
 * set-up wizards, the login fields each first step requires, and the calls. Shared by the server
 * (request schemas, messages) and the web app (types, the same schemas as client checks).
 */

export const INTEGRATION_KEYS = ['cargus', 'sameday', 'dpd', 'fan', 'smartbill', 'sms', 'telegram', 'vonage'] as const;
export type IntegrationKey = (typeof INTEGRATION_KEYS)[number];
export const INTEGRATION_TYPES = ['courier', 'invoice', 'messaging'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The providers that have a set-up wizard (the generic `sms` gateway has no provider yet). */
export const WIZARD_KEYS = ['cargus', 'sameday', 'dpd', 'fan', 'smartbill', 'vonage', 'telegram'] as const;
export type WizardKey = (typeof WIZARD_KEYS)[number];
/** The couriers whose second wizard step is a pickup point (Sameday's with its contact person). */
export const COURIER_KEYS = ['cargus', 'sameday', 'dpd'] as const;
export type CourierKey = (typeof COURIER_KEYS)[number];
/**
 * The couriers whose second wizard step is a service of the contract (FAN Courier: its sender is
 * the client number of the login, and the service says how cash on delivery is paid out).
 */
export const SERVICE_COURIER_KEYS = ['fan'] as const;
export type ServiceCourierKey = (typeof SERVICE_COURIER_KEYS)[number];

export const isWizardKey = (key: string): key is WizardKey => (WIZARD_KEYS as readonly string[]).includes(key);
export const isCourierKey = (key: string): key is CourierKey => (COURIER_KEYS as readonly string[]).includes(key);

/** The login fields of each wizard's first step, in the order the form shows them; every one is required. */
export const CREDENTIAL_FIELDS = {
  cargus: ['username', 'password', 'api_key'],
  sameday: ['username', 'password'],
  dpd: ['username', 'password'],
  fan: ['username', 'password', 'client_id'],
  smartbill: ['username', 'token'],
  vonage: ['api_key', 'api_secret', 'phone_number'],
  telegram: ['bot_token', 'chat_id'],
} as const satisfies Record<WizardKey, readonly string[]>;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[WizardKey][number];
export type Credentials<K extends WizardKey = WizardKey> = Record<(typeof CREDENTIAL_FIELDS)[K][number], string>;

/** Fields shown as text (not masked) in the wizard: the rest are secrets. */
export const PLAIN_FIELDS: readonly string[] = ['username', 'phone_number', 'chat_id', 'client_id'];

/**
 * Messaging integrations work with credentials alone; the others also need the later wizard
 * steps (a pickup point; a series and the VAT choice) before they count as configured.
 */
export const CREDENTIALS_SUFFICE: readonly string[] = ['vonage', 'telegram'];

const credentialField = () => requiredText(500);

/** The first-step body of a wizard: every field required ("fill all fields"). */
export function credentialsBody(key: WizardKey) {
  const shape: Record<string, ReturnType<typeof credentialField>> = {};
  for (const field of CREDENTIAL_FIELDS[key]) shape[field] = credentialField();
  return z.object(shape);
}

/** A choice of a fetched list, sent as an id (number or numeric text) or a text id. */
const choice = (requiredKey: string) =>
  z.preprocess(
    (v) =>
      v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v,
    z
      .string({ error: (i) => (i.input === undefined ? requiredKey : 'invalid') })
      .min(1, { error: requiredKey })
      .max(100, { error: 'too_long' }),
  );

export const pickupPointBody = z.object({ pickup_point_id: choice('select_pickup_point') });
export const samedayPickupPointBody = z.object({
  pickup_point_id: choice('select_pickup_point'),
  contact_person_id: choice('select_contact_person'),
});
export const seriesBody = z.object({ series_name: choice('select_series') });
/** FAN's second step: one service of the contract's list, by its name (what FAN's create takes). */
export const serviceBody = z.object({ service: choice('select_service') });
/** The VAT step: a rate of the fetched list (its percentage as text, or its name), or null for none. */
export const vatAmountBody = z.object({
  vat_amount: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'invalid' }).max(100, { error: 'too_long' }).nullable(),
  ),
});

export interface Integration {
  id: number;
  key: IntegrationKey;
  name: string;
  description: string;
  type: IntegrationType;
  /** True when calls to this provider go to the built-in emulator (demo mode). */
  emulated: boolean;
  /**
   * The emulator's demo account, shown in the wizard (emulated providers only). Asked with
   * X-Company-ID: that company's own account where the emulator opens one (Sameday, DPD).
   */
  demo_credentials: Record<string, string> | null;
  /** False for an integration that has no set-up wizard yet (the generic `sms`). */
  setup_available: boolean;
}

/** What the wizard chose; nothing secret. */
export interface IntegrationConfiguration {
  pickup_point_id?: string;
  pickup_point_name?: string;
  contact_person_id?: string;
  contact_person_name?: string;
  series_name?: string;
  /** The service chosen in a service courier's second step (FAN: "Standard", "Cont Colector"...). */
  service?: string;
  /**
   * The contract's service that carries cash on delivery (FAN: the chosen one if it is a "Cont
   * Colector" service, else the contract's "Cont Colector"); null when the contract has none, and
   * an AWB with cash on delivery is then refused before the courier is asked.
   */
  cod_service?: string | null;
  /** The VAT rate chosen in SmartBill's last step (percentage as text), null for none. */
  vat_amount?: string | null;
  vat_name?: string | null;
}

/** A company's set-up of an integration. Credentials are never sent: only whether they are set. */
export interface CompanyIntegration {
  id: number;
  integrations_id: number;
  key: IntegrationKey;
  type: IntegrationType;
  emulated: boolean;
  /** A login is stored and opens (false when none is, or when the stored one no longer opens). */
  has_credentials: boolean;
  /**
   * A login is stored but can no longer be read (the app key changed, or the value was copied or
   * damaged): it must be entered again.
   */
  credentials_unreadable: boolean;
  has_configuration: boolean;
  /** Credentials and configuration (messaging: credentials alone). */
  configured: boolean;
  is_active: boolean;
  configuration: IntegrationConfiguration;
  created_at: number;
  updated_at: number;
}

export interface ContactPerson {
  id: string;
  name: string;
  position: string | null;
  phoneNumber: string | null;
  defaultContactPerson: boolean;
}

export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  /** Sameday only. */
  contact_persons?: ContactPerson[];
}

/** A service of a courier contract, as the service step lists it. */
export interface CourierServiceOption {
  id: string;
  name: string;
  description: string | null;
  /** Whether an AWB with cash on delivery can go with it (FAN: a "Cont Colector" service). */
  cash_on_delivery: boolean;
}

export interface InvoiceSeries {
  id: number;
  name: string;
}

export interface VatOption {
  name: string;
  percentage: number;
}

export interface TestResult {
  ok: boolean;
  message: string;
}

registerMessages({
  en: {
    fill_all_fields: 'Please fill all fields',
    select_pickup_point: 'Please select a pickup point',
    invalid_pickup_point: 'Please select a valid pickup point',
    select_contact_person: 'Please select a contact person',
    invalid_contact_person: 'Please select a valid contact person',
    select_series: 'Please select a series',
    select_service: 'Please select a service',
    invalid_service: 'Please select a valid service',
    invalid_series: 'Please select a valid series',
    invalid_vat_amount: 'Please select a valid VAT rate',
    integration_not_logged_in: 'Sign in to {{provider}} first (step 1).',
    integration_credentials_unreadable:
      'The saved {{provider}} credentials can no longer be read (the app key changed or the saved value is damaged). Set up {{provider}} again and enter them once more.',
    integration_no_setup: 'This integration cannot be set up yet.',
    provider_refused_credentials: '{{provider}} did not accept these credentials: {{reason}}',
    provider_unavailable: '{{provider}} is not available right now: {{reason}}. Try again in a moment.',
    provider_test_ok: '{{provider}} accepted the saved credentials.',
  },
  ro: {
    fill_all_fields: 'Vă rugăm să completați toate câmpurile',
    select_pickup_point: 'Vă rugăm să selectați un punct de ridicare',
    invalid_pickup_point: 'Vă rugăm să selectați un punct de ridicare valid',
    select_contact_person: 'Vă rugăm să selectați o persoană de contact',
    invalid_contact_person: 'Vă rugăm să selectați o persoană de contact validă',
    select_series: 'Vă rugăm să selectați o serie',
    select_service: 'Vă rugăm să selectați un serviciu',
    invalid_service: 'Vă rugăm să selectați un serviciu valid',
    invalid_series: 'Vă rugăm să selectați o serie validă',
    invalid_vat_amount: 'Vă rugăm să selectați o cotă TVA validă',
    integration_not_logged_in: 'Autentificați-vă mai întâi la {{provider}} (pasul 1).',
    integration_credentials_unreadable:
      'Datele de autentificare salvate pentru {{provider}} nu mai pot fi citite (cheia aplicației s-a schimbat sau valoarea salvată este deteriorată). Configurați din nou {{provider}} și introduceți-le încă o dată.',
    integration_no_setup: 'Această integrare nu poate fi configurată încă.',
    provider_refused_credentials: '{{provider}} nu a acceptat aceste date de autentificare: {{reason}}',
    provider_unavailable: '{{provider}} nu este disponibil acum: {{reason}}. Încercați din nou în câteva momente.',
    provider_test_ok: '{{provider}} a acceptat datele de autentificare salvate.',
  },
});
