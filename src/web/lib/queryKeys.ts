/**
 * Query-key convention: every key starts with the resource name (the path segment after /api/v1/),
 * then the company id (null for data not scoped to a company), then the kind and its parameters.
 *   ['source', 7, 'list', {page, items, search}]   ['order', 7, 'detail', 42]
 * Invalidate a whole resource with queryClient.invalidateQueries({ queryKey: [resource] }).
 */
export const queryKeys = {
  all: (resource: string) => [resource] as const,
  lists: (resource: string, companyId: number | null) => [resource, companyId, 'list'] as const,
  list: (resource: string, companyId: number | null, params: object) => [resource, companyId, 'list', params] as const,
  detail: (resource: string, companyId: number | null, id: number | string) =>
    [resource, companyId, 'detail', id] as const,
};
