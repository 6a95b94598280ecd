import { z } from 'zod';
import { MAX_ID } from '../../core/validation.js';

/** The `{id}` of a resource path. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
