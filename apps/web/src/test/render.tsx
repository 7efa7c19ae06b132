import type { TAuthResponse } from '@meridian/contracts/auth';
import type { TLanguage } from '@meridian/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactElement, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { session } from '@/lib/session';
import { makeAuth } from './fixtures';
import { i18n, setTestLanguage } from './i18n';

export interface TRenderOptions {
  /** The reader's language (default English); English stands behind it, as in the app. */
  language?: TLanguage;
  /** Signed in as a fixture Client or Admin (fixtures.ts), or as the given session; signed out when absent. */
  session?: 'Client' | 'Admin' | TAuthResponse;
  /** The URL the router starts at (default `/`). */
  route?: string;
  /** The route pattern the element is rendered under, for components that read `useParams` (default every path). */
  path?: string;
  /** Options of the user-event instance (e.g. `{ applyAccept: false }` to pick a file an input does not accept). */
  user?: Parameters<typeof userEvent.setup>[0];
  /** Passed to Testing Library's `render`. */
  renderOptions?: Omit<RenderOptions, 'wrapper' | 'queries'>;
}

export interface TRendered extends RenderResult {
  /** A user-event instance (one per render, as Testing Library advises). */
  user: UserEvent;
  /** The QueryClient of this render: retries off, nothing shared with another test. */
  queryClient: QueryClient;
  /** The router's current path with its search (e.g. `/user` after a deposit). */
  location: () => string;
}

/** A QueryClient for one test: no retries (a refusal shows at once), no refetch on focus. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * Renders `ui` as the app does: TanStack Query, i18next with every namespace in `language`, a
 * MemoryRouter at `route`, Suspense, and the toaster (toasts are text a person sees too).
 */
export function renderWithProviders(ui: ReactElement, options: TRenderOptions = {}): TRendered {
  setTestLanguage(options.language ?? 'en');
  if (options.session) {
    session.set(typeof options.session === 'string' ? makeAuth(options.session) : options.session);
  } else {
    session.clear();
  }
  const queryClient = createTestQueryClient();
  const current = { path: options.route ?? '/' };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <Suspense fallback={<p>Loading…</p>}>
            <Routes>
              <Route
                path={options.path ?? '*'}
                element={
                  <>
                    {children}
                    <LocationProbe onChange={(path) => (current.path = path)} />
                  </>
                }
              />
            </Routes>
          </Suspense>
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const rendered = render(ui, { ...options.renderOptions, wrapper: Wrapper });
  return { ...rendered, user: userEvent.setup(options.user), queryClient, location: () => current.path };
}

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const location = useLocation();
  onChange(`${location.pathname}${location.search}`);
  return null;
}
