import type { TFunction } from 'i18next';
import { formatAmount } from '../../../lib/format';
import { courierName } from '../shared/documents';
import type { OrderEvent } from '../../../../core/api/orders';

/** The labels of the customer and company fields, as the detail shows them (orders namespace keys). */
const FIELD_LABELS: Record<string, string> = {
  name: 'customer.name',
  email: 'customer.email',
  address: 'customer.address',
  city: 'customer.city',
  county: 'customer.county',
  // Found again from the address data when the county or city changes (not typed).
  zip_code: 'customer.postalCode',
  // Read from the text of an order that arrived by itself (a shop's change names them too).
  street: 'customer.street',
  street_number: 'customer.streetNumber',
  company_name: 'company.name',
  vat_number: 'company.vat',
  company_address: 'company.address',
  company_city: 'company.city',
  company_county: 'company.county',
};

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A discount value as it reads: "10.00 RON" or "12.5 %". */
export function discountValueText(type: unknown, value: unknown, lang: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'percentage')
    return `${Number(value).toLocaleString(lang.startsWith('ro') ? 'ro-RO' : 'en-US', { maximumFractionDigits: 2 })} %`;
  return formatAmount(value as number, 'RON', lang);
}

/** An order or courier status in the reader's language (the badges' labels). */
const statusName = (status: unknown, t: TFunction, blank: string): string =>
  str(status).trim() ? t(`common:status.${str(status)}`, { defaultValue: str(status) }) : blank;

/**
 * One entry of the activity timeline: its title and the lines saying what changed, in the reader's
 * language. An event type the web app does not know yet shows its name and no details.
 */
export function describeEvent(e: OrderEvent, t: TFunction, lang: string): { title: string; details: string[] } {
  const d = e.data ?? {};
  const blank = t('history.blank');
  const shown = (v: unknown) => (str(v).trim() === '' ? blank : str(v));
  const change = (from: unknown, to: unknown) =>
    t('history.change', { from: shown(from), to: shown(to), interpolation: { escapeValue: false } });
  const title = (key: string) => t(`history.action.${key}`, { defaultValue: key.replace(/_/g, ' ') });
  const noEscape = { interpolation: { escapeValue: false } };
  const discountWhat = () => {
    const what = [
      t(`discounts.${str(d.type)}`, { defaultValue: str(d.type) }),
      discountValueText(d.type, d.value, lang),
    ]
      .filter(Boolean)
      .join(' ');
    const full = d.automatic ? `${what} (${t('history.automatic')})` : what;
    return d.sku
      ? t('history.discountOn', { what: full, sku: str(d.sku), ...noEscape })
      : t('history.discount', { what: full, ...noEscape });
  };

  switch (e.type) {
    case 'created': {
      const lines = Array.isArray(d.lines) ? (d.lines as { sku?: unknown; quantity?: unknown }[]) : [];
      return {
        title: title('created'),
        details: lines.length
          ? [
              t('history.lines', {
                list: lines.map((l) => `${str(l.sku)} × ${str(l.quantity)}`).join(', '),
                ...noEscape,
              }),
            ]
          : [],
      };
    }
    case 'line_added':
    case 'line_removed':
      return {
        title: title(e.type),
        details: [t('history.line', { name: str(d.name), sku: str(d.sku), quantity: str(d.quantity), ...noEscape })],
      };
    case 'line_changed':
      return {
        title: title(e.type),
        details: [
          t('history.lineChange', { name: str(d.name || d.sku), from: str(d.from), to: str(d.to), ...noEscape }),
        ],
      };
    case 'discount_added':
    case 'discount_removed':
      return { title: title(e.type), details: [discountWhat()] };
    case 'coupon_applied':
    case 'coupon_removed':
      return {
        title: title(e.type),
        details: str(d.code).trim() ? [t('history.coupon', { code: str(d.code), ...noEscape })] : [],
      };
    case 'discount_changed':
      return {
        title: title(e.type),
        details: [change(discountValueText(d.type, d.from, lang), discountValueText(d.type, d.to, lang))],
      };
    case 'automatic_discount_changed': {
      const side = (v: unknown) => {
        const o = (v && typeof v === 'object' ? v : {}) as { type?: unknown; value?: unknown };
        return [t(`discounts.${str(o.type)}`, { defaultValue: str(o.type) }), discountValueText(o.type, o.value, lang)]
          .filter(Boolean)
          .join(' ');
      };
      const what = change(side(d.from), side(d.to));
      return {
        title: title(e.type),
        details: [d.sku ? t('history.discountOn', { what, sku: str(d.sku), ...noEscape }) : what],
      };
    }
    case 'free_shipping':
      return { title: title(d.applied === false ? 'free_shipping_removed' : 'free_shipping'), details: [] };
    // A shop's change of an order it sent names the customer's fields it changed, as a seller's edit
    // does; a postal code replaced by the street's says why (the customer typed another).
    case 'customer_detail_changed':
    case 'changed_in_shop': {
      const changes =
        d.changes && typeof d.changes === 'object'
          ? (d.changes as Record<string, { from?: unknown; to?: unknown }>)
          : {};
      const fields = Object.entries(changes).map(([field, c]) =>
        t('history.fieldChange', {
          field: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field,
          from: shown(c?.from),
          to: shown(c?.to),
          ...noEscape,
        }),
      );
      return {
        title: title(e.type),
        details: d.reason === 'postal_code_of_street' ? [...fields, t('history.postalCodeOfStreet')] : fields,
      };
    }
    case 'payment_method_changed': {
      const method = (v: unknown) => (typeof v === 'string' ? t(`payment.${v}`, { defaultValue: v }) : v);
      return { title: title(e.type), details: [change(method(d.from), method(d.to))] };
    }
    case 'phone_changed':
    case 'observations_changed':
    case 'details_changed':
      return { title: title(e.type), details: [change(d.from, d.to)] };
    case 'awb_created':
    case 'awb_deleted': {
      const note = d.chosen_by_seller
        ? t('history.chosenBySeller')
        : d.found_after_timeout
          ? t('history.foundAfterTimeout')
          : d.gone_at_courier
            ? t('history.goneAtCourier')
            : null;
      return {
        title: title(e.type),
        details: [
          t('history.awb', { courier: courierName(d.courier, t), awb: str(d.awb), ...noEscape }),
          ...(note ? [note] : []),
        ],
      };
    }
    case 'awb_candidates_dismissed': {
      const awbs = (Array.isArray(d.awbs) ? d.awbs : []).map(String);
      return {
        title: title(e.type),
        details: [
          t('history.candidatesDismissed', {
            courier: courierName(d.courier, t),
            awbs: awbs.join(', '),
            count: awbs.length,
            ...noEscape,
          }),
        ],
      };
    }
    case 'courier_status':
      return {
        title: title(e.type),
        details: [
          t('history.awbStatus', {
            awb: str(d.awb),
            from: statusName(d.from, t, blank),
            to: statusName(d.to, t, blank),
            ...noEscape,
          }),
        ],
      };
    case 'status_changed':
      return {
        title: title(e.type),
        details: [
          t('history.change', { from: statusName(d.from, t, blank), to: statusName(d.to, t, blank), ...noEscape }),
        ],
      };
    case 'invoice_created':
    case 'invoice_cancelled':
    case 'invoice_deleted':
      return { title: title(e.type), details: [t('history.invoice', { number: str(d.bill_number), ...noEscape })] };
    case 'invoice_storno':
      return {
        title: title(d.partial ? 'invoice_storno_partial' : 'invoice_storno'),
        details: [
          d.storno
            ? t('history.storno', { number: str(d.bill_number), storno: str(d.storno), ...noEscape })
            : t('history.invoice', { number: str(d.bill_number), ...noEscape }),
        ],
      };
    case 'sms_sent':
      return {
        title: title(e.type),
        details: [
          t('history.smsSent', {
            event: t(`sms.event.${str(d.event)}`, { defaultValue: str(d.event) }),
            to: str(d.to),
            count: Number(d.parts) || 1,
            ...noEscape,
          }),
        ],
      };
    case 'sms_failed':
      return { title: title(e.type), details: [t('history.reason', { reason: str(d.error), ...noEscape })] };
    case 'sms_not_sent':
      return {
        title: title(e.type),
        details: [
          t('history.smsNotSent', {
            event: t(`sms.event.${str(d.event)}`, { defaultValue: str(d.event) }),
            reason: t(`sms.skip.${str(d.reason)}`, {
              defaultValue: str(d.reason),
              // Those an unfilled_placeholders skip names (as typed: {cod}).
              placeholders: Array.isArray(d.placeholders) ? d.placeholders.map(String).join(', ') : '',
              ...noEscape,
            }),
            ...noEscape,
          }),
        ],
      };
    case 'attention_entered':
    case 'attention_left':
    case 'attention_handled':
      return {
        title: title(e.type),
        details: [t(`attention.reason.${str(d.reason)}`, { defaultValue: str(d.reason) })],
      };
    case 'flagged':
      return {
        title: title(e.type),
        details: str(d.reason).trim() ? [t('history.reason', { reason: str(d.reason), ...noEscape })] : [],
      };
    default:
      return { title: title(e.type), details: [] };
  }
}

/** Who did it: the user's name, or "System". */
export const eventAuthor = (e: OrderEvent, t: TFunction): string => e.user?.name?.trim() || t('history.system');
