import type { RouteObject } from 'react-router';
import { Splash } from '@/components/splash';

/**
 * The public site. Each page and the layout load as their own chunks;
 * the splash at /loader stands alone, outside the layout. The splash also shows while the first
 * chunk of a visit loads.
 */
export const publicRoutes: RouteObject[] = [
  { path: '/loader', lazy: () => import('./loader-page'), hydrateFallbackElement: <Splash /> },
  {
    lazy: () => import('./public-layout-route'),
    hydrateFallbackElement: <Splash />,
    children: [
      { path: '/', lazy: () => import('./home-page') },
      { path: '/auth/user/login', lazy: () => import('./login-page') },
      { path: '/register', lazy: () => import('./register-page') },
      { path: '/forgotpassword', lazy: () => import('./forgot-password-page') },
      { path: '/reset-password', lazy: () => import('./reset-password-page') },
      { path: '/auth/admin/login', lazy: () => import('./admin-login-page') },
      { path: '/admin/login', lazy: () => import('./admin-login-page') },
      { path: '/support', lazy: () => import('./support-page') },
      { path: '/about', lazy: () => import('./about-page') },
      { path: '/services', lazy: () => import('./services-page') },
      { path: '/privacy-policy', lazy: () => import('./privacy-policy-page') },
      { path: '/terms', lazy: () => import('./terms-page') },
      { path: '/risk-disclosure', lazy: () => import('./risk-disclosure-page') },
      { path: '/reserves', lazy: () => import('./reserves-page') },
      { path: '/verify-email', lazy: () => import('./verify-email-page') },
      { path: '/signup-process', lazy: () => import('./signup-process-page') },
      { path: '/blog-details', lazy: () => import('./blog-details-page') },
      { path: '/unauthorized', lazy: () => import('./unauthorized-page') },
      { path: '*', lazy: () => import('./not-found-page') },
    ],
  },
];
