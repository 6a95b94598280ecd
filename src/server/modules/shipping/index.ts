/**
 * The shipping module's public face: AWB create, label and delete, the seller's answer to a create
 * the courier cannot settle, their conflicts, their jobs, and what orders read of shipments.
 */
export { AwbConflict, awbLabel, createAwb, deleteAwb, markCutOffCreateUnknown, resolveAwb } from './service.js';
// Many AWBs of one courier (a bulk job's slice): the set-ups, account and nomenclature read once for all.
export { prepareAwbBatch, type AwbBatch, type MadeAwb } from './service.js';
export { shippingJobs } from './jobs.js';
export { companyLabelFormat, getShippingSettings, shippingSettingsRoutes } from './settings.js';
export { shippingApiDocs } from './openapi.js';
export { awbCandidatesView, awbUnsettled, deleteShipmentsOfOrder, unsettledShipments } from './queries.js';
