/** The invoices module's public face: the invoice calls of an order, their jobs, and what orders read of invoices. */
export {
  cancelInvoice,
  createInvoice,
  deleteInvoice,
  downloadInvoice,
  invoiceDocuments,
  stornoInvoice,
} from './service.js';
export { invoiceJobs } from './jobs.js';
export {
  invoiceDocsJson,
  invoiceDeleteRefusal,
  invoiceInFlight,
  invoiceViewFromJson,
  orderInvoiceView,
  type OrderInvoiceView,
} from './queries.js';
export { ageInvoiceForDemo } from './demo.js';
