import { getOutbox } from '@meridian/contracts/endpoints/audit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, renderWithProviders } from '@/test';
import { OutboxPage } from './outbox-page';

describe('OutboxPage', () => {
  it('says there is no mail yet, and with a status chosen, that no mail has that status', async () => {
    const sent = answer(getOutbox, () => ({ messages: [], totalPage: 1 }));
    const { user } = renderWithProviders(<OutboxPage />, { session: 'Admin', route: '/admin/outbox' });

    expect(await screen.findByText('No mail yet')).toBeInTheDocument();
    expect(screen.queryByText('No mail with this status')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByTestId('outbox-status-filter'), 'failed');
    expect(await screen.findByText('No mail with this status')).toBeInTheDocument();
    expect(screen.getByText('Choose “All mail” to see every mail.')).toBeInTheDocument();
    expect(screen.queryByText('No mail yet')).not.toBeInTheDocument();
    expect(new URL(sent.at(-1)?.request.url ?? '').searchParams.get('status')).toBe('failed');
  });
});
