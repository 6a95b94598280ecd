import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { idRef } from '../validation.js';
import { AWB_COURIERS, awbBody, type AwbCourier } from './shipping.js';

/**
 * Work on many orders at once (`POST /api/v1/order-bulk`), shared by server and web: one action
 * over a selection of orders (their ids, or the list's filter with the count the user saw), run
 * in the background with an outcome per order.
 */

export const BULK_ACTIONS = ['awb', 'invoice', 'status', 'labels', 'picking_list'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many orders in one job: a bigger selection is refused before anything starts. */
export const MAX_BULK_ORDERS = 10_000;

/**
 * The statuses a person may move orders to: the moves a single order offers (cancel, and restore
 * to new), under the same transition rules.
 */
export const BULK_STATUSES = ['cancelled', 'new'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/**
 * The jobs whose done orders make a picking list (what to take from the shelves to pack them): every
 * one but a status change, whose orders are cancelled or back to new, with nothing to pack.
 */
export const PICKING_LIST_ACTIONS: readonly BulkAction[] = ['awb', 'invoice', 'labels', 'picking_list'];
export const hasPickingList = (action: BulkAction): boolean => PICKING_LIST_ACTIONS.includes(action);

export const BULK_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];
export type BulkOutcome = 'done' | 'skipped' | 'failed';

const ids = z.array(idRef(), { error: 'invalid' }).min(1, { error: 'bulk_select_orders' });

/** The selection: the orders' ids, or the list's filter and the count the user saw (checked again). */
export const bulkSelection = z.union(
  [
    z.object({ ids }).strict(),
    z
      .object({
        filter: z.record(z.string(), z.unknown(), { error: 'invalid' }),
        expected: z.coerce.number({ error: 'invalid_number' }).int({ error: 'whole_number' }).min(0),
      })
      .strict(),
  ],
  { error: 'bulk_select_orders' },
);

export const bulkBody = z.object({
  action: z.enum(BULK_ACTIONS),
  selection: bulkSelection,
  params: z.record(z.string(), z.unknown()).optional().default({}),
});

const size = awbBody.shape;
/**
 * An AWB job's parameters: one courier, and a package (the company's `package_id`) or the four
 * numbers of the AWB form (a preset fills them in the web app); the address is each order's own.
 */
export const bulkAwbParams = z
  .object({
    // Checked below with the package, so that every missing field is told at once.
    courier: z.unknown(),
    package_id: idRef().optional(),
    package_length: size.package_length.optional(),
    package_width: size.package_width.optional(),
    package_height: size.package_height.optional(),
    package_weight: size.package_weight.optional(),
    package_content: size.package_content,
    observations: size.observations,
  })
  .superRefine((p, ctx) => {
    if (!(AWB_COURIERS as readonly unknown[]).includes(p.courier))
      ctx.addIssue({ code: 'custom', path: ['courier'], message: 'select_courier' });
    if (p.package_id !== undefined) return;
    for (const f of ['package_length', 'package_width', 'package_height', 'package_weight'] as const)
      if (p[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'required' });
  });
export type BulkAwbParams = Omit<z.output<typeof bulkAwbParams>, 'courier'> & { courier: AwbCourier };

/**
 * A status job's one parameter. Missing, empty (a form whose choice was cleared) or not one of
 * BULK_STATUSES, it is refused with one message naming the choices in words, never the raw values.
 */
export const bulkStatusParams = z.object({
  status: z
    .string({ error: 'bulk_status_choice' })
    .refine((s) => (BULK_STATUSES as readonly string[]).includes(s), { error: 'bulk_status_choice' })
    .transform((s) => s as BulkStatus),
});

export interface BulkItem {
  order_id: number;
  outcome: BulkOutcome | null;
  /** Why it was skipped or failed (the provider's own words for a refusal), in the reader's language. */
  reason: string | null;
  awb?: string;
  bill_number?: string;
}

export interface BulkJob {
  id: number;
  action: BulkAction;
  status: BulkJobStatus;
  total: number;
  done: number;
  skipped: number;
  failed: number;
  created_at: number;
  /** Only in the answer of one job. */
  items?: BulkItem[];
}

registerMessages({
  en: {
    bulk_select_orders: 'Select at least one order.',
    bulk_too_many: 'At most 10,000 orders at once: narrow the selection.',
    bulk_count_changed:
      '{{count}} orders match the filter now, not {{expected}}: look at the list again, then start once more.',
    bulk_no_address: 'No complete address: {{problem}}',
    bulk_cancelled: 'The order is cancelled.',
    bulk_no_awb: 'The order has no AWB.',
    bulk_status_not_allowed: 'The status cannot change this way: {{problem}}',
    bulk_status_choice: 'Choose the status to move the orders to: Cancelled or New.',
    bulk_not_labels: 'This job has no labels: only an AWB or a labels job has them.',
    bulk_not_picking: 'This job has no picking list.',
    bulk_label_not_pdf: 'The label of order #{{order}} ({{awb}}) from the courier is not a PDF: nothing was merged.',
    bulk_no_labels: 'None of these orders has a label to print.',
    bulk_nothing_to_retry: 'No order of this job failed: there is nothing to retry.',
    bulk_not_invoices: 'This job has no invoices: only an invoice job has them.',
    bulk_no_invoices: 'None of these orders has an invoice any more.',
    bulk_invoice_not_pdf: 'The invoice of order #{{order}} from SmartBill is not a PDF: nothing was put together.',
    picking_title: 'Picking list',
    picking_sku: 'SKU',
    picking_name: 'Name',
    picking_variation: 'Variation',
    picking_quantity: 'Quantity',
    picking_orders: 'Orders',
    // Counted as every count is (messages.ts's plural forms): "1 order, 2 products".
    picking_footer:
      '$t(count_orders, {"count": {{orders}} }), $t(count_products, {"count": {{lines}} }). Made on {{date}}.',
  },
  ro: {
    bulk_select_orders: 'Selectați cel puțin o comandă.',
    bulk_too_many: 'Cel mult 10.000 de comenzi odată: restrângeți selecția.',
    bulk_count_changed:
      'Acum filtrului îi corespund {{count}} comenzi, nu {{expected}}: priviți din nou lista, apoi porniți încă o dată.',
    bulk_no_address: 'Adresa nu este completă: {{problem}}',
    bulk_cancelled: 'Comanda este anulată.',
    bulk_no_awb: 'Comanda nu are AWB.',
    bulk_status_not_allowed: 'Starea nu se poate schimba astfel: {{problem}}',
    bulk_status_choice: 'Alegeți starea în care trec comenzile: Anulată sau Nouă.',
    bulk_not_labels: 'Această lucrare nu are etichete: doar o lucrare de AWB-uri sau de etichete le are.',
    bulk_not_picking: 'Această lucrare nu are listă de colectare.',
    bulk_label_not_pdf:
      'Eticheta comenzii #{{order}} ({{awb}}) primită de la curier nu este un PDF: nu s-a combinat nimic.',
    bulk_no_labels: 'Niciuna dintre aceste comenzi nu are o etichetă de tipărit.',
    bulk_nothing_to_retry: 'Nicio comandă a acestei lucrări nu a eșuat: nu este nimic de reluat.',
    bulk_not_invoices: 'Această lucrare nu are facturi: doar o lucrare de facturare le are.',
    bulk_no_invoices: 'Niciuna dintre aceste comenzi nu mai are factură.',
    bulk_invoice_not_pdf:
      'Factura comenzii #{{order}} primită de la SmartBill nu este un PDF: nu s-a pus nimic laolaltă.',
    picking_title: 'Listă de colectare',
    picking_sku: 'SKU',
    picking_name: 'Denumire',
    picking_variation: 'Variație',
    picking_quantity: 'Cantitate',
    picking_orders: 'Comenzi',
    picking_footer:
      '$t(count_orders, {"count": {{orders}} }), $t(count_products, {"count": {{lines}} }). Făcută la {{date}}.',
  },
});
