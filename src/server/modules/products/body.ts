import type { FastifyRequest } from 'fastify';
import { readForm } from '../../http/form.js';
import { MAX_IMAGE_BYTES } from '../../../core/api/products.js';

/** An uploaded image as received: the bytes (at most the limit + 1) and whether it was cut short. */
export interface UploadedImage {
  bytes: Buffer;
  tooLarge: boolean;
}

export interface ProductRequestBody {
  fields: Record<string, unknown>;
  image: UploadedImage | null;
}

/**
 * The product form's body: multipart form data (fields plus an optional `image` file) or, for
 * scripts, a JSON object of the same fields (no image). An empty file part (a form with no file
 * chosen) counts as no image.
 */
export async function readProductBody(req: FastifyRequest): Promise<ProductRequestBody> {
  if (!req.isMultipart()) {
    const body = req.body;
    return {
      fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
      image: null,
    };
  }
  const form = await readForm(req);
  let image: UploadedImage | null = null;
  for (const file of form.files) {
    if (file.field !== 'image' || (file.bytes.length === 0 && !file.filename)) continue;
    image = {
      bytes: file.bytes,
      tooLarge: file.bytes.length > 0 && (file.truncated || file.bytes.length > MAX_IMAGE_BYTES),
    };
  }
  return { fields: form.fields, image };
}
