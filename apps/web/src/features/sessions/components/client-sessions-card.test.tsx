import { endClientSessions, listClientSessions } from '@meridian/contracts/endpoints/sessions';
import type { TSession } from '@meridian/contracts/sessions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeUser, refuse, renderWithProviders } from '@/test';
import { ClientSessionsCard } from './client-sessions-card';

const phone: TSession = {
  id: '66666666-6666-4666-8666-666666666666',
  browser: 'Safari 17',
  os: 'iOS 17',
  device: 'mobile',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)',
  ip: '203.0.113.9',
  method: 'password',
  secondFactor: 'totp',
  createdAt: '2026-03-01T09:30:00.000Z',
  lastUsedAt: '2026-03-02T18:05:00.000Z',
  current: false,
};

function renderCard() {
  return renderWithProviders(<ClientSessionsCard client={makeUser()} />, {
    session: 'Admin',
    route: `/admin/client_details/${IDS.client}`,
  });
}

describe('ClientSessionsCard', () => {
  it('lists the client’s sessions and ends them all with the reason given', async () => {
    let sessions = [phone];
    answer(listClientSessions, () => ({ sessions }));
    const sent = answer(endClientSessions, () => {
      sessions = [];
      return { message: 'Sessions of the client ended: 1', count: 1 };
    });
    const { user } = renderCard();

    const card = await screen.findByRole('region', { name: 'Signed-in sessions' });
    expect(await within(card).findByRole('heading', { name: 'Safari 17 on iOS 17' })).toBeInTheDocument();
    expect(within(card).getByText('Phone')).toBeInTheDocument();
    expect(within(card).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(card).getByText('Password and authenticator code')).toBeInTheDocument();
    expect(within(card).queryByText('This device')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'End all sessions' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('End all sessions of Ada Lovelace?');
    // The reason is required before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Lost phone  ');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await within(dialog).findByText('Sessions of the client ended: 1')).toBeInTheDocument();
    expect(sent[0]?.params).toEqual({ id: IDS.client });
    expect(sent[0]?.body).toEqual({ reason: 'Lost phone' });
    expect(await within(card).findByText('The client is not signed in anywhere')).toBeInTheDocument();
  });

  it('says when the sessions cannot be loaded', async () => {
    answer(listClientSessions, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.notFound' }));
    renderCard();
    expect(await screen.findByText("Could not load the client's sessions")).toBeInTheDocument();
  });
});
