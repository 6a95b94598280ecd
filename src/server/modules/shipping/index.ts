/** The shipping module's public face: AWB create, label and delete, their conflicts, their jobs, and what orders read of shipments. */
export { AwbConflict, awbLabel, createAwb, deleteAwb } from './service.js';
export { shippingJobs } from './jobs.js';
export { awbUnsettled, deleteShipmentsOfOrder, unsettledShipments } from './queries.js';
