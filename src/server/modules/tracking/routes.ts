import type { FastifyInstance } from 'fastify';
import { registerMessages } from '../../../core/messages.js';
import type { ServiceContext } from '../../context.js';
import { HttpError, parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { lockOrder, markAttentionHandled } from '../order-lifecycle/index.js';

/**
 * A seller marks an order's parcel handled (`POST /api/v1/order/{id}/attention/handled`): it leaves
 * the attention list, the history says who and for what reason; the same reason read again keeps
 * it out, another brings it back (attention.ts). An order needing none: 409.
 */
export async function markHandled(ctx: ServiceContext, orderId: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    if (order.attention === null) throw new HttpError(409, 'attention_none');
    await markAttentionHandled(trx, ctx, order);
  });
}

registerMessages({
  en: { attention_none: 'This order’s parcel does not need attention.' },
  ro: { attention_none: 'Coletul acestei comenzi nu necesită atenție.' },
});

export function trackingRoutes(app: FastifyInstance): void {
  app.post('/api/v1/order/:id/attention/handled', { config: { company: true } }, async (req) => {
    const { id } = parse(idParam, req.params);
    await markHandled(req.ctx, id);
    return { message: 'handled' };
  });
}
