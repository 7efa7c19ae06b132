import { refresh } from '@meridian/contracts/endpoints/auth';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { answer, makeAuth, renderWithProviders } from '@/test';
import { PersistLogin } from './guards';

describe('PersistLogin', () => {
  afterEach(() => writeStorage(STORAGE_KEYS.persist, null));

  it('shows the splash only until the remembered session is restored, then the page', async () => {
    writeStorage(STORAGE_KEYS.persist, 'true');
    const sent = answer(refresh, () => makeAuth('Client'));
    renderWithProviders(
      <Routes>
        <Route element={<PersistLogin />}>
          <Route path="*" element={<p>The page</p>} />
        </Route>
      </Routes>,
    );
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    // No fixed minimum: the page follows the answer (it once waited 1.5 s whatever the answer took).
    expect(await screen.findByText('The page', undefined, { timeout: 500 })).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(session.get()?.role).toBe('Client');
  });
});
