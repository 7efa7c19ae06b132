import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** Reads a positive page number from text; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The page of a paged list, kept in the address (`?page=2`) so Back, reload and shared links
 * return to the same page. Page 1 leaves the parameter out.
 */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get(name));
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete(name);
          else copy.set(name, String(next));
          return copy;
        },
        { preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [page, setPage];
}

/**
 * A page past the end (rows were removed meanwhile, or an old link) goes to the last page there
 * is, once the list's page count is known.
 */
export function useKeepPageInRange(page: number, totalPage: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (totalPage !== undefined && page > Math.max(totalPage, 1)) setPage(Math.max(totalPage, 1));
  }, [page, totalPage, setPage]);
}
