import type { FastifyInstance } from 'fastify';
import {
  orderDiscountBody,
  orderDiscountUpdateBody,
  productDiscountBody,
  type DiscountType,
  type OrderDiscount,
  type ProductDiscount,
} from '../../../core/api/discounts.js';
import { listQuery } from '../../../core/api/list.js';
import { fromBani } from '../../../core/money.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ProductDiscountsTable } from '../../db/schema.js';
import type { OrderDiscountsTable } from '../../db/schema.js';
import { idParam } from '../../http/params.js';
import { assertSelectedCompany } from '../../http/auth.js';
import { fieldError, notFound, parse } from '../../http/errors.js';
import { matchesAny, paginate } from '../../http/list.js';
import { nowSeconds } from '../../lib/time.js';


/** Stored hundredths (bani or hundredths of a percent) as the API's two-decimal number. */
const valueOut = (v: number | null): number | null => (v === null ? null : fromBani(Number(v)));

type OrderDiscountRow = Selectable<OrderDiscountsTable> & { source_name: string };

const toOrderDiscount = (r: OrderDiscountRow): OrderDiscount => ({
  id: r.id,
  type: r.type as DiscountType,
  order_value: fromBani(Number(r.order_value)),
  value: valueOut(r.value),
  company_id: r.company_id,
  source_id: r.source_id,
  source: { id: r.source_id, source: r.source_name },
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

type ProductDiscountRow = Omit<Selectable<ProductDiscountsTable>, 'company_id'> & { product_name: string; product_sku: string };

const toProductDiscount = (r: ProductDiscountRow): ProductDiscount => ({
  id: r.id,
  product_id: r.product_id,
  product: { id: r.product_id, name: r.product_name, sku: r.product_sku },
  type: r.type as DiscountType,
  quantity: Number(r.quantity),
  value: valueOut(r.value),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** Order discounts and product discounts of the selected company (X-Company-ID). */
export function discountRoutes(app: FastifyInstance, db: Db): void {
  const scoped = { config: { company: true } };

  // ---- order discounts ----

  const orderBase = (companyId: number) =>
    db.kysely
      .selectFrom('order_discounts')
      .innerJoin('sources', 'sources.id', 'order_discounts.source_id')
      .select([
        'order_discounts.id',
        'order_discounts.company_id',
        'order_discounts.source_id',
        'order_discounts.type',
        'order_discounts.order_value',
        'order_discounts.value',
        'order_discounts.created_at',
        'order_discounts.updated_at',
        'sources.source as source_name',
      ])
      .where('order_discounts.company_id', '=', companyId);

  async function findOrderDiscount(companyId: number, id: number): Promise<OrderDiscountRow> {
    const row = await orderBase(companyId).where('order_discounts.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.get('/api/v1/order-discount', scoped, async (req) => {
    const q = parse(listQuery, req.query);
    let query = orderBase(req.companyId);
    if (q.search) query = query.where(matchesAny(db.engine, ['sources.source', 'order_discounts.type'], q.search));
    return paginate(query, { page: q.page, items: q.items, order: (x) => x.orderBy('order_discounts.id', 'desc'), map: toOrderDiscount });
  });

  app.get('/api/v1/order-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: toOrderDiscount(await findOrderDiscount(req.companyId, id)) };
  });

  app.post('/api/v1/order-discount', scoped, async (req, reply) => {
    const body = parse(orderDiscountBody, req.body);
    assertSelectedCompany(body.company_id, req);
    const source = await db.kysely.selectFrom('sources').select('id').where('id', '=', body.source_id).where('company_id', '=', req.companyId).executeTakeFirst();
    if (!source) throw fieldError('source_id', 'invalid_source');
    const now = nowSeconds();
    const { id } = await db.kysely
      .insertInto('order_discounts')
      .values({ company_id: req.companyId, source_id: body.source_id, type: body.type, order_value: body.order_value, value: body.value, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: toOrderDiscount(await findOrderDiscount(req.companyId, id)) });
  });

  app.post('/api/v1/order-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOrderDiscount(req.companyId, id);
    const body = parse(orderDiscountUpdateBody, req.body);
    await db.kysely
      .updateTable('order_discounts')
      .set({ type: body.type, order_value: body.order_value, value: body.value, updated_at: nowSeconds() })
      .where('id', '=', id)
      .where('company_id', '=', req.companyId)
      .execute();
    return { data: toOrderDiscount(await findOrderDiscount(req.companyId, id)) };
  });

  app.delete('/api/v1/order-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOrderDiscount(req.companyId, id);
    await db.kysely.deleteFrom('order_discounts').where('id', '=', id).where('company_id', '=', req.companyId).execute();
    return { message: 'deleted' };
  });

  // ---- product discounts ----

  const productBase = (companyId: number) =>
    db.kysely
      .selectFrom('product_discounts')
      .innerJoin('products', 'products.id', 'product_discounts.product_id')
      .select([
        'product_discounts.id',
        'product_discounts.product_id',
        'product_discounts.type',
        'product_discounts.quantity',
        'product_discounts.value',
        'product_discounts.created_at',
        'product_discounts.updated_at',
        'products.name as product_name',
        'products.sku as product_sku',
      ])
      .where('product_discounts.company_id', '=', companyId);

  async function findProductDiscount(companyId: number, id: number): Promise<ProductDiscountRow> {
    const row = await productBase(companyId).where('product_discounts.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The product must be one of the company's (another company's product is "invalid", not found). */
  async function assertOwnProduct(companyId: number, productId: number): Promise<void> {
    const row = await db.kysely.selectFrom('products').select('id').where('id', '=', productId).where('company_id', '=', companyId).executeTakeFirst();
    if (!row) throw fieldError('product_id', 'invalid_product');
  }

  app.get('/api/v1/product-discount', scoped, async (req) => {
    const q = parse(listQuery, req.query);
    let query = productBase(req.companyId);
    if (q.search) query = query.where(matchesAny(db.engine, ['products.name', 'products.sku', 'product_discounts.type'], q.search));
    return paginate(query, { page: q.page, items: q.items, order: (x) => x.orderBy('product_discounts.id', 'desc'), map: toProductDiscount });
  });

  app.get('/api/v1/product-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: toProductDiscount(await findProductDiscount(req.companyId, id)) };
  });

  app.post('/api/v1/product-discount', scoped, async (req, reply) => {
    const body = parse(productDiscountBody, req.body);
    await assertOwnProduct(req.companyId, body.product_id);
    const now = nowSeconds();
    const { id } = await db.kysely
      .insertInto('product_discounts')
      .values({ company_id: req.companyId, product_id: body.product_id, type: body.type, quantity: body.quantity, value: body.value, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: toProductDiscount(await findProductDiscount(req.companyId, id)) });
  });

  app.post('/api/v1/product-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await findProductDiscount(req.companyId, id);
    const body = parse(productDiscountBody, req.body);
    await assertOwnProduct(req.companyId, body.product_id);
    await db.kysely
      .updateTable('product_discounts')
      .set({ product_id: body.product_id, type: body.type, quantity: body.quantity, value: body.value, updated_at: nowSeconds() })
      .where('id', '=', id)
      .where('company_id', '=', req.companyId)
      .execute();
    return { data: toProductDiscount(await findProductDiscount(req.companyId, id)) };
  });

  app.delete('/api/v1/product-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await findProductDiscount(req.companyId, id);
    await db.kysely.deleteFrom('product_discounts').where('id', '=', id).where('company_id', '=', req.companyId).execute();
    return { message: 'deleted' };
  });
}
