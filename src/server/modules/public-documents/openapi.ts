import type { ApiDoc } from '../../http/openapi.js';

/** An order's document reachable by its link alone. */
export const publicDocumentApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/public/documents/:file',
    summary:
      'A document of an order (an AWB’s label, an invoice) by its link, `<token>.pdf`, without a session: the link a shop downloads itself (eMAG’s attachments). The token is random and one per document; an unknown or revoked one, or a document no longer the order’s, is 404',
    ok: { content: 'pdf', description: 'The PDF.' },
  },
];
