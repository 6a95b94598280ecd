import { HttpError } from '../../http/errors.js';
import type { FastifyRequest } from 'fastify';
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
  const fields: Record<string, unknown> = {};
  let image: UploadedImage | null = null;
  // The app's multipart limit is MAX + 1 bytes: a file cut at that size is "too large" (not an error here).
  // (The option exists at run time but is missing from the plugin's type of parts().)
  const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  try {
    for await (const part of req.parts(options)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'image' || (bytes.length === 0 && !part.filename)) continue;
        if (bytes.length === 0) {
          image = { bytes, tooLarge: false };
          continue;
        }
        image = { bytes, tooLarge: part.file.truncated || bytes.length > MAX_IMAGE_BYTES };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // The parser's own errors ("Boundary not found", "Unexpected end of multipart data") carry
    // no status: a body declared multipart that is not is the client's error, not the server's.
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw new HttpError(400, 'multipart_malformed');
  }
  return { fields, image };
}
