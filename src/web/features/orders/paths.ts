/** The list page an order was opened from travels as ?fromPage= (spec: Orders list, View). */
export const FROM_PAGE_PARAM = 'fromPage';

/** /orders/{id}, with the list page it was opened from (left out for page 1). */
export function orderPath(id: number, fromPage?: number | null): string {
  return fromPage && fromPage > 1 ? `/orders/${id}?${FROM_PAGE_PARAM}=${fromPage}` : `/orders/${id}`;
}

/** The list page to go back to: the saved ?fromPage= when it is a page number, else page 1. */
export function ordersListPath(fromPage: string | null | undefined): string {
  const page = Number(fromPage);
  return Number.isInteger(page) && page > 1 ? `/orders?page=${page}` : '/orders';
}
