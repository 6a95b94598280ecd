import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** A file of a multipart form as received: at most the app's upload limit + 1 byte, `truncated` past it. */
export interface FormFile {
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
  truncated: boolean;
}

/** A multipart form's fields (the last value of a repeated name) and files, in the order sent. */
export interface FormBody {
  fields: Record<string, unknown>;
  files: FormFile[];
}

const forms = new WeakMap<FastifyRequest, Promise<FormBody>>();

/**
 * The multipart body of a request, read once: a multipart body is a stream that can be read only
 * once, and two parts of the app need it: the Idempotency-Key check (http/idempotency.ts), which
 * fingerprints it before the handler runs, and the handler. Whoever asks first reads it; the other
 * gets the same answer.
 */
export function readForm(req: FastifyRequest): Promise<FormBody> {
  let form = forms.get(req);
  if (!form) {
    form = readParts(req);
    forms.set(req, form);
  }
  return form;
}

async function readParts(req: FastifyRequest): Promise<FormBody> {
  const fields: Record<string, unknown> = {};
  const files: FormFile[] = [];
  // The app's multipart limit is the upload limit + 1 byte: a file cut at that size is marked
  // truncated (for its route to refuse as too large), not an error here. (The option exists at run
  // time but is missing from the plugin's type of parts().)
  const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  try {
    for await (const part of req.parts(options)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          bytes,
          truncated: part.file.truncated,
        });
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
  return { fields, files };
}
