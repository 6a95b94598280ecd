/**
 * Texts the server sends to users (validation and error messages), in both languages.
 * The web app loads the same catalogue into i18next under the `server` namespace, so a
 * message key means the same words on both sides.
 */
export type Lang = 'en' | 'ro';

export const serverMessages = {
  en: {
    required: 'This field is required.',
    invalid: 'This value is not valid.',
    invalid_email: 'Enter a valid email address.',
    invalid_number: 'Enter a number.',
    whole_number: 'Enter a whole number.',
    not_negative: 'The value cannot be negative.',
    min: 'The value must be at least {{min}}.',
    max: 'The value must be at most {{max}}.',
    too_long: 'At most $t(count_characters, {"count": {{max}} }).',
    count_characters_one: '{{count}} character',
    count_characters_other: '{{count}} characters',
    two_decimals: 'Use at most two decimals.',
    amount_too_large: 'The amount is too large.',
    nul_character: 'This text contains a character that is not allowed (NUL).',
    multipart_malformed: 'The form data could not be read (it is incomplete or malformed). Send the form again.',
    one_of: 'Choose one of: {{options}}.',
    invalid_cui: 'This tax id (CUI) is not valid: check the digits.',
    validation_failed: 'Some fields are not valid.',
    invalid_credentials: 'Invalid credentials',
    too_many_attempts: 'Too many failed sign-in attempts. Wait a minute and try again.',
    unauthenticated: 'You are not signed in.',
    company_header_required: 'Select a company first (the X-Company-ID header is missing or not a company id).',
    company_forbidden: 'You do not have access to this company.',
    company_filter_mismatch: 'company_id must match the selected company.',
    company_not_selected: 'The company must be the one selected at the top of the page.',
    not_found: 'Not found.',
    // "products" counts what the Products list and the dashboard count: top-level products (a variation is part of its product).
    company_in_use:
      'This company still has $t(count_products, {"count": {{products}} }) and $t(count_orders, {"count": {{orders}} }). Delete them first, or mark the company inactive.',
    count_products_one: '{{count}} product',
    count_products_other: '{{count}} products',
    count_orders_one: '{{count}} order',
    count_orders_other: '{{count}} orders',
    internal_error: 'Something went wrong on the server. Try again.',
    geo_street_required: "Choose a street: this city's postal codes go by street.",
    geo_number_required: 'Enter the street number: this street has several postal codes.',
  },
  ro: {
    required: 'Câmpul este obligatoriu.',
    invalid: 'Valoarea nu este validă.',
    invalid_email: 'Introduceți o adresă de email validă.',
    invalid_number: 'Introduceți un număr.',
    whole_number: 'Introduceți un număr întreg.',
    not_negative: 'Valoarea nu poate fi negativă.',
    min: 'Valoarea trebuie să fie cel puțin {{min}}.',
    max: 'Valoarea trebuie să fie cel mult {{max}}.',
    too_long: 'Cel mult $t(count_characters, {"count": {{max}} }).',
    count_characters_one: '{{count}} caracter',
    count_characters_few: '{{count}} caractere',
    count_characters_other: '{{count}} de caractere',
    two_decimals: 'Folosiți cel mult două zecimale.',
    amount_too_large: 'Suma este prea mare.',
    nul_character: 'Textul conține un caracter nepermis (NUL).',
    multipart_malformed:
      'Datele formularului nu au putut fi citite (sunt incomplete sau deformate). Trimiteți formularul din nou.',
    one_of: 'Alegeți una dintre: {{options}}.',
    invalid_cui: 'Codul fiscal (CUI) nu este valid: verificați cifrele.',
    validation_failed: 'Unele câmpuri nu sunt valide.',
    invalid_credentials: 'Date de autentificare incorecte',
    too_many_attempts: 'Prea multe încercări eșuate de autentificare. Așteptați un minut și încercați din nou.',
    unauthenticated: 'Nu sunteți autentificat.',
    company_header_required:
      'Selectați mai întâi o companie (antetul X-Company-ID lipsește sau nu este id-ul unei companii).',
    company_forbidden: 'Nu aveți acces la această companie.',
    company_filter_mismatch: 'company_id trebuie să fie compania selectată.',
    company_not_selected: 'Compania trebuie să fie cea selectată în partea de sus a paginii.',
    not_found: 'Nu a fost găsit.',
    company_in_use:
      'Compania are încă $t(count_products, {"count": {{products}} }) și $t(count_orders, {"count": {{orders}} }). Ștergeți-le mai întâi sau marcați compania ca inactivă.',
    count_products_one: '{{count}} produs',
    count_products_few: '{{count}} produse',
    count_products_other: '{{count}} de produse',
    count_orders_one: '{{count}} comandă',
    count_orders_few: '{{count}} comenzi',
    count_orders_other: '{{count}} de comenzi',
    internal_error: 'A apărut o eroare pe server. Încercați din nou.',
    geo_street_required: 'Alegeți strada: codurile poștale ale acestui oraș depind de stradă.',
    geo_number_required: 'Introduceți numărul: strada are mai multe coduri poștale.',
  },
} satisfies Record<Lang, Record<string, string>>;

export type MessageKey = keyof (typeof serverMessages)['en'];

/** Feature modules register their own keys here (both languages), at import time. */
const extra: Record<Lang, Record<string, string>> = { en: {}, ro: {} };
export function registerMessages(messages: Record<Lang, Record<string, string>>): void {
  Object.assign(extra.en, messages.en);
  Object.assign(extra.ro, messages.ro);
}

/** Every text the feature modules registered so far, in both languages (read by the check for untranslated copies). */
export function registeredMessages(): Readonly<Record<Lang, Readonly<Record<string, string>>>> {
  return extra;
}

function lookup(lang: Lang, key: string): string | undefined {
  return (serverMessages[lang] as Record<string, string>)[key] ?? extra[lang][key];
}

const pluralRules: Record<Lang, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ro: new Intl.PluralRules('ro') };

/**
 * The text of `key` in `lang` (English when missing), with {{name}} replaced by params. Plurals follow
 * i18next's conventions, so the web app reads the same catalogue: a numeric `count` picks `key_one` /
 * `key_few` / `key_other`, and `$t(other_key, {"count": {{param}} })` inside a text inserts that key
 * in the plural form of the param ("320 de produse", "1 product").
 */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const count = typeof params.count === 'number' ? params.count : undefined;
  const forms = count === undefined ? [key] : [`${key}_${pluralRules[lang].select(count)}`, `${key}_other`, key];
  const template =
    forms.map((k) => lookup(lang, k)).find((x) => x !== undefined) ??
    forms.map((k) => lookup('en', k)).find((x) => x !== undefined) ??
    key;
  const nested = template.replace(/\$t\((\w+), \{"count": \{\{(\w+)\}\} ?\}\)/g, (_, inner: string, name: string) =>
    translate(lang, inner, { count: Number(params[name] ?? 0) }),
  );
  return nested.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function pickLang(acceptLanguage: string | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('ro') ? 'ro' : 'en';
}
