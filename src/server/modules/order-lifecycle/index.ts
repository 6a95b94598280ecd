/**
 * The order lifecycle's public face: the only module that writes an order's row (status, AWB,
 * bill number, courier status, totals, notes, customer), its history and its kept counts.
 */
export {
  attachAwb,
  beginFlagChange,
  changeInvoiceStatus,
  changeStatus,
  companyFlagsLeaving,
  detachAwb,
  flagsWritten,
  insertOrder,
  invoiceBucket,
  lockCustomerOrders,
  lockOrder,
  lockOrderWithShipments,
  markAttentionHandled,
  moveCustomerOrders,
  orderForHistory,
  orderOf,
  recordEvent,
  removeOrder,
  requireStatusChange,
  setAddressCheck,
  setAttention,
  setBillNumber,
  setCouponCode,
  setCourierStatus,
  setPaymentMethod,
  setShippingCost,
  storeTotals,
  touchOrder,
  updateNotes,
  type OrderRow,
  type OrderTotals,
} from './lifecycle.js';
// Reads of orders for other screens (a customer's orders, the orders a notification links to): the orders table's SQL stays here.
export { customerOrderRows, customerOrderTotals, existingOrderIds } from './queries.js';
