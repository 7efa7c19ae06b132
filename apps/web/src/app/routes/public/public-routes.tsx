import type { RouteObject } from 'react-router';

/** Placeholder: the public pages are being built. */
export const publicRoutes: RouteObject[] = [];
