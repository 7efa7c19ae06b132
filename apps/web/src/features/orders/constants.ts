import type { ORDER_LIST_STATES } from '@meridian/contracts/orders';

/** Which list a page shows: the orders still waiting, or those filled, cancelled or expired (History). */
export type TOrderListState = (typeof ORDER_LIST_STATES)[number];
/** The lists are paged by 10. */
export const ORDERS_PAGE_LIMIT = 10;
/** Lists are fresh for 10 seconds. */
export const ORDERS_CACHE_MS = 10_000;
/** While a list shows pending orders it is asked for again this often (they fill and expire by themselves). */
export const PENDING_ORDERS_REFRESH_MS = 10_000;
