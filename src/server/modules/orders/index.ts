/** The orders module's public face: its routes (the order, its contents and its documents) and the list's selection. */
export { orderRoutes } from './routes.js';
export { orderApiDocs } from './openapi.js';
export { countOrdersMatching, orderIdsMatching } from './selection.js';
// The dashboard's count of parcels needing attention (kept, not counted).
export { keptAttentionCount } from './list/index.js';
// What work on many orders (order-bulk) does through this module: the same calls as one order's buttons.
export { cancelOrder, restoreOrder, type ChangeOrigin } from './service.js';
export { createOrderAwbToItsAddress, type AwbPackage } from './awbToItsAddress.js';
export { companyOrderIds, ordersMatchingListQuery, pickingLines, type PickingLine } from './selection.js';
// What the intake (orders that arrive by themselves) does through this module: the form's own steps.
export {
  createIntakeOrder,
  HeldOrder,
  intakeOrderId,
  planIntakeOrder,
  updateIntakeOrder,
  type IntakeIssue,
  type IntakeOrderSpec,
} from './intakeOrder.js';
