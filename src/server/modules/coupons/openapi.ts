import { couponBody } from '../../../core/api/coupons.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

export const couponApiDocs: ApiDoc[] = crudDocs(
  '/api/v1/coupon',
  { noun: 'coupon', list: "The company's coupons" },
  { create: couponBody, update: couponBody },
  listQuery,
);
