/** Page size of every admin list. */
export const PAGE_LIMIT = 10;
