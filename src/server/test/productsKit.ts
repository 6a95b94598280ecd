import { afterAll, beforeAll, expect } from 'vitest';
import type { Product } from '../../core/api/products.js';
import { productPng } from '../lib/png.js';
import { multipart, startTestApp, type TestApp, type TestUser } from './harness.js';

/**
 * What the product tests of the products module share (src/server/modules/products/product*.test.ts):
 * the images, a product's form fields and the multipart calls that send them, and `productsKit()`,
 * which each test file calls once to start its own app with two sellers. The kit lives here, not in
 * the products module, because it starts the app: the module importing the test harness would close
 * an import cycle (products → test → app → products).
 */

// A real 1×1 JPEG (SOI, APP0/JFIF, quantisation, frame, Huffman, scan, EOI).
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const PNG = productPng(16, [200, 40, 40]);
export const MB5 = 5 * 1024 * 1024;

let skuCounter = 0;

export const fields = (over: Record<string, string | number | null | undefined> = {}) => ({
  name: 'Tricou bumbac organic',
  description: 'Tricou din bumbac 100% organic, croială dreaptă.',
  sku: `TRC-${++skuCounter}`,
  sale_type: 'Bucata',
  stock: 12,
  selling_price: '89.90',
  buying_price: '41.50',
  currency: 'RON',
  ...over,
});

export type File = { name: string; filename: string; type: string; data: Buffer };
export const imageFile = (data: Buffer, filename = 'poza.png', type = 'image/png'): File => ({
  name: 'image',
  filename,
  type,
  data,
});

export function send(
  u: TestUser,
  method: string,
  url: string,
  f: Record<string, string | number | null | undefined>,
  files: File[] = [],
  headers: Record<string, string> = {},
) {
  const body = multipart(f, files);
  return u.call(method, url, { body: body.payload, headers: { ...body.headers, ...headers } });
}

export async function create(
  u: TestUser,
  over: Record<string, string | number | null | undefined> = {},
  files: File[] = [],
): Promise<Product> {
  const res = await send(u, 'POST', '/api/v1/product', fields(over), files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

export async function get(u: TestUser, id: number) {
  return u.call('GET', `/api/v1/product/${id}`);
}

/**
 * The app of one test file and its two sellers (`user`, and `other` for another company's data).
 * Call it once at the top of a test file: it registers the file's hooks, and each call has its own
 * app (test files run one after another in a worker share its modules).
 */
export function productsKit() {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    user = await t.signUp();
    other = await t.signUp();
  });
  afterAll(async () => t.close());

  /** The file's app and sellers, once beforeAll has started it. */
  const app = (): TestApp => t;
  const users = () => ({ user, other });
  return { app, users };
}
