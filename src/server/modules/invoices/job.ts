import { serviceContext } from '../../context.js';
import type { JobDeps } from '../../jobs/handlers.js';
import type { JobHandler } from '../../jobs/runner.js';
import { resolveDocument, secondsUntilCheck } from './documents.js';
import { findDocument, IN_FLIGHT_STATES, type DocumentState } from './queries.js';
import { smartBillFor } from './smartbill.js';

/**
 * The background check of a document sent without a known outcome: scheduled when it is sent
 * (in case the instance stops mid-call) and again when its answer is lost. Once SmartBill may have
 * finished, it looks the document up and adopts it or marks it failed, so an order is not left
 * waiting for someone to click again. SmartBill not answering fails the run: the runner tries again
 * later (and the document stays unknown, blocking another create, meanwhile).
 */
export const invoiceCheckJob = ({ providers, secrets }: Pick<JobDeps, 'providers' | 'secrets'>): JobHandler<{ id: number }> => ({
  async run(job, deps) {
    const doc = await findDocument(deps.db.kysely, job.payload.id);
    if (!doc || !IN_FLIGHT_STATES.includes(doc.state as DocumentState)) return;
    const wait = secondsUntilCheck(doc, deps.clock.now());
    if (wait > 0) return { again: wait };
    const ctx = serviceContext({ db: deps.db, clock: deps.clock, companyId: doc.company_id, providers });
    const { client } = await smartBillFor(ctx, { secrets }, 'manage');
    await resolveDocument(ctx, client, doc);
  },
});
