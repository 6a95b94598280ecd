import { listQuery } from '../../../core/api/list.js';
import { productBody, productBodyOwnStock } from '../../../core/api/products.js';
import type { ApiDoc } from '../../http/openapi.js';

/** The form's fields as multipart (with an optional `image` file) or as JSON without the image. */
const productForm = Object.fromEntries([
  ...Object.keys(productBodyOwnStock.shape).map((k) => [k, 'string'] as const),
  ['image', 'file'] as const,
]) as Record<string, 'string' | 'file'>;

export const productApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/product',
    summary: "The company's products with their variations (paged, searchable)",
    query: listQuery,
  },
  { method: 'GET', url: '/api/v1/product/:id', summary: 'One product' },
  {
    method: 'POST',
    url: '/api/v1/product',
    summary: 'Create a product (multipart with an image, or JSON)',
    multipart: productForm,
    ok: { status: 201 },
  },
  {
    method: 'POST',
    url: '/api/v1/product/:id',
    summary: 'Update a product (multipart with an image, or JSON)',
    body: productBody,
  },
  { method: 'DELETE', url: '/api/v1/product/:id', summary: 'Delete a product' },
  {
    method: 'GET',
    url: '/api/v1/product/:id/image',
    summary: "The product's image, through the signed link its answers carry (v, exp, sig)",
    ok: { content: 'image' },
  },
];
