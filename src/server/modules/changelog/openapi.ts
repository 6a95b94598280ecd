import type { ApiDoc } from '../../http/openapi.js';

export const changelogApiDocs: ApiDoc[] = [
  { method: 'GET', url: '/api/v1/changelog', summary: "What changed in the console, in the user's language" },
];
