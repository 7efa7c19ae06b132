import { getInAppMessages } from '@meridian/contracts/endpoints/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeInAppMessage, renderWithProviders } from '@/test';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';

const stopOut = makeInAppMessage({
  id: '88888888-8888-4888-8888-888888888888',
  subject: 'Position stopped out',
  message: 'Your AUD/USD position of $100.00 at 1:10 was closed at 0.59330 …',
  key: 'positionStoppedOut',
  params: {
    pair: 'AUD/USD',
    amount: 100,
    leverage: 10,
    entryPrice: 0.66,
    exitPrice: 0.5933,
    pnl: -100,
    returned: 0,
  },
  link: `/user/transaction/${IDS.kyc}`,
  read: true,
});
const adminsWords = makeInAppMessage({
  id: '99999999-9999-4999-8999-999999999999',
  subject: 'Hello from the desk',
  message: 'We will call you tomorrow.',
  key: null,
  params: null,
  link: null,
});

function answerMessages() {
  answer(getInAppMessages, () => ({ result: [makeInAppMessage(), stopOut, adminsWords], unread: 2 }));
}

describe('NotificationList', () => {
  it('words each notice in French from its key, the amounts written the French way, with the link to its record', async () => {
    answerMessages();
    renderWithProviders(<NotificationList userId={IDS.client} />, { language: 'fr' });
    const items = await screen.findAllByTestId('notification-item');
    expect(within(items[0] as HTMLElement).getByRole('heading', { name: 'Dépôt effectué' })).toBeInTheDocument();
    const deposit = within(items[0] as HTMLElement).getByTestId('notification-text').textContent ?? '';
    expect(deposit).toMatch(/^Votre dépôt de 1\s234,50\s\$US via USDT \(TRC20\) a été effectué/);
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Voir le détail: Dépôt effectué' }),
    ).toHaveAttribute('href', `/user/transaction/${IDS.record}`);

    expect(
      within(items[1] as HTMLElement).getByRole('heading', { name: 'Position clôturée par stop-out' }),
    ).toBeInTheDocument();
    await within(items[1] as HTMLElement).findByRole('button', { name: 'Lire la suite' });

    // An admin's own message keeps the admin's words, and has no record to open.
    expect(within(items[2] as HTMLElement).getByRole('heading', { name: 'Hello from the desk' })).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByTestId('notification-text')).toHaveTextContent(
      'We will call you tomorrow.',
    );
    expect(within(items[2] as HTMLElement).queryByTestId('notification-link')).not.toBeInTheDocument();
  });

  it('says the same notices in Japanese, a loss with its sign and prices with the pair’s decimals', async () => {
    answerMessages();
    const { user } = renderWithProviders(<NotificationList userId={IDS.client} />, { language: 'ja' });
    const items = await screen.findAllByTestId('notification-item');
    expect(within(items[0] as HTMLElement).getByRole('heading', { name: '入金完了' })).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByTestId('notification-text')).toHaveTextContent(
      'USDT (TRC20) による $1,234.50 の入金が完了し、口座残高に反映されました。',
    );
    await user.click(within(items[1] as HTMLElement).getByTestId('notification-read-more'));
    expect(within(items[1] as HTMLElement).getByTestId('notification-text')).toHaveTextContent(
      'AUD/USD の $100.00（レバレッジ 1:10）のポジションは、損失が証拠金に達したため 0.59330 で決済されました' +
        '（ストップアウト、建値 0.66000）。損益: -$100.00。口座残高に戻った証拠金: $0.00。',
    );
  });
});

describe('NotificationBell', () => {
  it('shows the newest notices in the reader’s language and follows a notice’s link to its record', async () => {
    answerMessages();
    const { user, location } = renderWithProviders(<NotificationBell userId={IDS.client} />, {
      language: 'ja',
      route: '/user',
    });
    const bell = await screen.findByRole('button', { name: /2/ });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('2');
    await user.click(bell);
    const menu = await screen.findByTestId('notification-menu');
    const [first] = await within(menu).findAllByTestId('notification-menu-item');
    expect(first).toHaveTextContent('入金完了');
    expect(within(first as HTMLElement).getByTestId('notification-menu-text')).toHaveTextContent('$1,234.50');

    await user.click(within(first as HTMLElement).getByRole('link', { name: '詳細を見る: 入金完了' }));
    expect(location()).toBe(`/user/transaction/${IDS.record}`);
    expect(screen.queryByTestId('notification-menu')).not.toBeInTheDocument();
  });

  it('says above 9 unread what it shows, 9+', async () => {
    answer(getInAppMessages, () => ({ result: [makeInAppMessage()], unread: 12 }));
    renderWithProviders(<NotificationBell userId={IDS.client} />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 9+ unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('9+');
  });
});
