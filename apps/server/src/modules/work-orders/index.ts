/**
 * The work-orders module as other modules see it: they read and write work orders only
 * through these (docs/decisions/018-server-module-boundaries.md). Billing and warranty add to
 * an order's history inside their own transactions; contacts opens orders and shows a
 * customer's.
 */
export { closeComplaintOrder } from './complaint-closing';
export {
  findInstallation,
  type Installation,
  openMaintenanceOrder,
} from './maintenance-orders';
export { appendTimedHistory, timeOfAction } from './occurred-at';
export { workOrderSlaOf } from './order-sla';
export { openSettledOrder } from './settled-order';
export {
  appendHistory,
  findWorkOrderRow,
  hasPayment,
  type LockedWorkOrder,
  lockWorkOrder,
  type SlaTuple,
  slaOf,
  touchWorkOrder,
} from './work-orders.queries';
export {
  assignTechnician,
  getCustomerWorkOrder,
  getWorkOrderDetails,
  listCustomerWorkOrders,
  openWorkOrder,
  type WorkOrderOpening,
} from './work-orders.service';
