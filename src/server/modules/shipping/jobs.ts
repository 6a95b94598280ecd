import { serviceContext } from '../../context.js';
import type { JobHandler } from '../../jobs/runner.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { moveShipment, shipmentById } from './queries.js';
import { PENDING_STALE_SECONDS, settleUnknownShipment } from './service.js';

/** How often a create the courier cannot be asked about yet is asked again (seconds). */
const UNREACHABLE_AGAIN = 5 * 60;
/** Several candidate AWBs (Sameday) need a person; the question is asked again hourly meanwhile. */
const AMBIGUOUS_AGAIN = 60 * 60;

/**
 * The background check of one AWB create, scheduled with its `pending` row, so that an order never
 * stays with an unsettled create: a row settled by its request is done with; a `pending` row whose
 * request died (past PENDING_STALE_SECONDS) becomes `unknown`; an `unknown` row is settled with the
 * courier (its AWB adopted, or the row failed), asked again later while the courier cannot answer.
 */
export function shipmentSettleJob(deps: { providers: ProviderRegistry; secrets: SecretBox }): JobHandler<{ shipmentId: number }> {
  return {
    async run(job, { db, clock }) {
      let row = await shipmentById(db.kysely, job.payload.shipmentId);
      if (row?.state === 'pending') {
        const age = clock.now() - row.updated_at;
        if (age < PENDING_STALE_SECONDS) return { again: PENDING_STALE_SECONDS - age };
        await moveShipment(db.kysely, row.id, ['pending'], 'unknown', { error: 'the create stopped before its answer was recorded' }, clock.now());
        row = await shipmentById(db.kysely, row.id);
      }
      if (row?.state !== 'unknown') return;
      const ctx = serviceContext({ db, clock, companyId: row.company_id, providers: deps.providers });
      const outcome = await settleUnknownShipment(ctx, deps, row);
      if (outcome === 'unreachable') return { again: UNREACHABLE_AGAIN };
      if (outcome === 'ambiguous') return { again: AMBIGUOUS_AGAIN };
    },
  };
}
