import { applyCouponBody } from '../../../core/api/coupons.js';
import {
  addDiscountBody,
  addLineBody,
  customerDetailBody,
  discountValueBody,
  lineQuantityBody,
  newOrderBody,
  orderUpdateBody,
} from '../../../core/api/orders.js';
import { orderListFilterSchema, orderListQuery } from '../../../core/orders/listFilter.js';
import { z } from 'zod';
import { stornoBody } from '../../../core/api/invoices.js';
import { awbBody, awbResolveBody } from '../../../core/api/shipping.js';
import type { ApiDoc } from '../../http/openapi.js';
import { addressCheckBody } from '../../../core/api/intake.js';

const awbBusy = { 409: 'An AWB is being created or deleted for the order: try again shortly.' } as const;
const provider = {
  502: 'The provider refused (its own words).',
  504: 'The provider did not answer: the outcome is checked before anything else.',
} as const;

/** Orders, their lines, discounts, customer details, AWB and invoice documents. */
export const orderApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/order',
    summary: "The company's orders (paged, searchable, by status)",
    query: orderListQuery,
  },
  {
    method: 'GET',
    url: '/api/v1/order/counts',
    summary:
      'The tab counts of what the list shows under the same filters (status left out); `meta.address_check`: the "to check" tab\'s count',
    query: orderListFilterSchema,
  },
  {
    method: 'GET',
    url: '/api/v1/order/export',
    summary: 'The filtered list as a streamed CSV or XLSX file (amounts in lei, Bucharest times)',
    query: z.object({ format: z.enum(['csv', 'xlsx']) }),
    ok: { content: 'csv', description: 'CSV, or XLSX with format=xlsx.' },
  },
  {
    method: 'GET',
    url: '/api/v1/order/:id',
    summary: 'One order with its lines, discounts, customer, AWB, invoice and history',
  },
  {
    method: 'POST',
    url: '/api/v1/order',
    summary:
      'Create an order (products: SKU → quantity; payment_method cash_on_delivery by default, card or bank_transfer)',
    body: newOrderBody,
    ok: { status: 201 },
  },
  {
    method: 'POST',
    url: '/api/order',
    summary: 'Create an order (the address the specification also names)',
    body: newOrderBody,
    ok: { status: 201 },
  },
  { method: 'POST', url: '/api/v1/order/:id', summary: "Change the order's fields", body: orderUpdateBody },
  { method: 'DELETE', url: '/api/v1/order/:id', summary: 'Delete an order' },
  { method: 'POST', url: '/api/v1/order/:id/cancel', summary: 'Cancel the order' },
  { method: 'POST', url: '/api/v1/order/:id/uncancel', summary: 'Restore a cancelled order' },
  {
    method: 'POST',
    url: '/api/v1/order/:orderId/product/:productId',
    summary: 'Add a product to the order',
    body: addLineBody,
  },
  { method: 'POST', url: '/api/v1/order-product/:id', summary: "Change a line's quantity", body: lineQuantityBody },
  { method: 'DELETE', url: '/api/v1/order-product/:id', summary: 'Remove a line' },
  {
    method: 'POST',
    url: '/api/v1/applied-discount/:orderId/add',
    summary: 'Apply a discount to the order',
    body: addDiscountBody,
    ok: { status: 201 },
  },
  {
    method: 'POST',
    url: '/api/v1/applied-discount/:id',
    summary: "Change an applied discount's value",
    body: discountValueBody,
  },
  { method: 'DELETE', url: '/api/v1/applied-discount/:id', summary: 'Remove an applied discount' },
  {
    method: 'POST',
    url: '/api/v1/order/:id/coupon',
    summary: "Apply one of the company's coupons to the order, by its code",
    body: applyCouponBody,
  },
  { method: 'DELETE', url: '/api/v1/order/:id/coupon', summary: "Remove the order's coupon" },
  {
    method: 'POST',
    url: '/api/v1/order/:id/address-check',
    summary:
      'Answer an order whose address is to check: a corrected address (or a candidate chosen by its id), read again against the address data, or `confirm: true` (the address is right as it is)',
    body: addressCheckBody,
  },
  {
    method: 'POST',
    url: '/api/v1/customer-detail/:orderId',
    summary: "Change the order's customer and delivery address",
    body: customerDetailBody,
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/awb',
    summary:
      "Create the AWB with the courier (once, whatever is retried); cash_on_delivery true collects the order's total, false none, left out it follows the order's payment_method; locker_id sends it to a Sameday easybox or Cargus Ship & Go point",
    body: awbBody,
    ok: { status: 201 },
    errors: { ...awbBusy, ...provider },
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/awb/resolve',
    summary: 'Say which AWB a lost create made, or that none was',
    body: awbResolveBody,
    errors: awbBusy,
  },
  { method: 'GET', url: '/api/v1/order/:id/awb', summary: "The AWB's label", ok: { content: 'pdf' }, errors: provider },
  {
    method: 'DELETE',
    url: '/api/v1/order/:id/awb',
    summary: 'Delete the AWB at the courier',
    errors: { ...awbBusy, ...provider },
  },
  {
    method: 'DELETE',
    url: '/api/order/:id/awb',
    summary: 'Delete the AWB (the address the specification also names)',
    errors: { ...awbBusy, ...provider },
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/create-invoice',
    summary: 'Issue the SmartBill invoice (once)',
    ok: { status: 201 },
    errors: { 409: 'An invoice is being created for the order.', ...provider },
  },
  {
    method: 'GET',
    url: '/api/v1/order/:id/invoice-documents',
    summary: "The order's invoice documents: the invoice and every storno, with signed amounts",
  },
  {
    method: 'GET',
    url: '/api/v1/order/:id/download-invoice',
    summary: "The invoice's PDF, or with ?document={id} one of the order's invoice documents (a storno too)",
    ok: { content: 'pdf' },
    errors: provider,
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/cancel-invoice',
    summary: 'Cancel the invoice at SmartBill',
    errors: provider,
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/delete-invoice',
    summary: 'Delete the invoice at SmartBill (the last of its series)',
    errors: provider,
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/storno-invoice',
    summary: 'Reverse the invoice, whole or some lines',
    body: stornoBody,
    ok: { status: 201 },
    errors: provider,
  },
];
