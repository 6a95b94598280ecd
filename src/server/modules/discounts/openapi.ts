import { orderDiscountBody, orderDiscountUpdateBody, productDiscountBody } from '../../../core/api/discounts.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

export const discountApiDocs: ApiDoc[] = [
  ...crudDocs(
    '/api/v1/order-discount',
    { noun: 'order discount', list: "The company's order discounts" },
    { create: orderDiscountBody, update: orderDiscountUpdateBody },
    listQuery,
  ),
  ...crudDocs(
    '/api/v1/product-discount',
    { noun: 'product discount', list: "The company's product discounts" },
    { create: productDiscountBody, update: productDiscountBody },
    listQuery,
  ),
];
