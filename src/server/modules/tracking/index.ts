/**
 * The tracking module's public face: its recurring job (and the pass it runs, for the CLI and
 * tests), and the seller's "handled" of a parcel needing attention.
 */
export { TRACKING_INTERVAL_SECONDS, TRACKING_JOB, trackingJobs } from './jobs.js';
export { describeReport, trackOpenAwbs, type TrackingReport } from './service.js';
export { trackingRoutes } from './routes.js';
// What a courier's answer means for the seller (the demo seed reads its parcels with it too).
export { attentionOf, type AttentionReason } from './attention.js';
