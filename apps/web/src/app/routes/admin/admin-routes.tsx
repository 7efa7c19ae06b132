import type { RouteObject } from 'react-router';

/** Placeholder: the admin area is being built. */
export const adminRoutes: RouteObject[] = [];
