import { z } from 'zod';

/** The `{id}` of a resource path. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
