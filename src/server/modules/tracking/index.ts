/** The tracking module's public face: its recurring job (and the pass it runs, for the CLI and tests). */
export { TRACKING_INTERVAL_SECONDS, TRACKING_JOB, trackingJobs } from './jobs.js';
export { describeReport, trackOpenAwbs, type TrackingReport } from './service.js';
