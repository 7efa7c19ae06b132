import { getPublicStats } from '@meridian/contracts/endpoints/content';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { answer, renderWithProviders } from '@/test';
import { makePublicStats } from '../test/fixtures';
import { PlatformStats } from './platform-stats';

describe('PlatformStats', () => {
  it('is not there at all on a new platform: no "Client accounts 0", no "Hours online 0"', async () => {
    answer(getPublicStats, () => makePublicStats({ clients: 3, countries: 1, daysOnline: 0 }));
    const { queryClient } = renderWithProviders(<PlatformStats />);
    // Once the answer is in, still nothing.
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.publicStats())?.status).toBe('success'));
    expect(screen.queryByTestId('platform-stats')).toBeNull();
    expect(screen.queryByText('Client accounts')).toBeNull();
    expect(screen.queryByText('Hours online')).toBeNull();
  });

  it('shows the figures worth showing, in the reader’s number format', async () => {
    answer(getPublicStats, () => makePublicStats({ clients: 1_234, countries: 2, daysOnline: 412 }));
    renderWithProviders(<PlatformStats />, { language: 'de' });
    expect(await screen.findByTestId('stat-clients')).toHaveTextContent('1.234');
    expect(screen.getByTestId('stat-pairs')).toHaveTextContent('10');
    expect(screen.getByTestId('stat-uptime')).toHaveTextContent('412');
    expect(screen.getByText('Tage online')).toBeInTheDocument();
    // Two countries is too few to say.
    expect(screen.queryByTestId('stat-countries')).toBeNull();
  });
});
