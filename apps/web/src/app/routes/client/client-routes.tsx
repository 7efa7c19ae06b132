import type { RouteObject } from 'react-router';

/** Placeholder: the client area is being built. */
export const clientRoutes: RouteObject[] = [];
