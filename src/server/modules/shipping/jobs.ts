import type { JobHandler, JobHandlers } from '../../jobs/runner.js';
import { documentCheckJob } from '../provider-documents/index.js';
import { SETTLE_JOB, settleUnknownShipment, shipmentStore } from './service.js';

const check = documentCheckJob(shipmentStore, settleUnknownShipment);

/** The shipping module's background work: the check of each AWB create until it is settled. */
export const shippingJobs: JobHandlers = {
  [SETTLE_JOB]: {
    // Checks scheduled by an earlier version carry `shipmentId`; the protocol's checks carry `id`.
    run: (job, ctx) => {
      const payload = job.payload as { id?: number; shipmentId?: number };
      return check.run({ ...job, payload: { id: payload.id ?? payload.shipmentId! } }, ctx);
    },
  } satisfies JobHandler,
};
