import type { TAuditEntry } from '@meridian/contracts/balances';
import type { TLanguage } from '@meridian/contracts/constants';
import { getAuditLog } from '@meridian/contracts/endpoints/audit';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, renderWithProviders } from '@/test';
import { AuditLogPage } from './audit-log-page';

const admin = { id: IDS.admin, name: 'Grace Hopper', email: 'grace@example.com' };
const client = { id: IDS.client, name: 'Ada Lovelace', email: 'ada@example.com' };
let next = 0;
const uuid = () => `aaaaaaaa-aaaa-4aaa-8aaa-${String(++next).padStart(12, '0')}`;

function entry(action: string, before: unknown, after: unknown, extra: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: uuid(),
    action,
    actor: admin,
    target: client,
    entityType: 'user',
    entityId: IDS.client,
    before,
    after,
    reason: null,
    createdAt: '2026-03-04T14:05:00.000Z',
    ...extra,
  };
}

/** What the server writes for these actions (apps/server/src/modules/*: recordAudit). */
const ENTRIES = {
  unlock: entry(
    'unlock.approve',
    { status: 'pending', kind: 'unlock' },
    { status: 'approved', kind: 'unlock', codeExpiresAt: '2026-11-24T18:29:18.000Z' },
  ),
  clear: entry(
    'balance.clear',
    { balance: 1500, tradingBalance: 0, profitBalance: 20.5, bonus: 0, withdrawalHold: 250 },
    { balance: 0, tradingBalance: 0, profitBalance: 0, bonus: 0, withdrawalHold: 250 },
    { reason: 'Account reset', entityType: 'transaction' },
  ),
  update: entry('client.update', { country: 'DE', phone: '+49 40 1234' }, { country: 'FR', phone: '+33 1 2345' }),
  kyc: entry(
    'kyc.approve',
    { status: 'pending', kycStatus: 'pending', isVerified: false },
    { status: 'approved', kycStatus: 'approved', isVerified: true },
  ),
  withdrawal: entry(
    'withdrawal.status',
    { status: 'Pending', amount: '$400.00' },
    { status: 'Completed', amount: '$400.00' },
  ),
  alert: entry(
    'client.alert',
    { alert: 'maintenance', maintenanceAlert: false, maintenanceAlertMessage: null },
    { alert: 'maintenance', maintenanceAlert: true, maintenanceAlertMessage: 'Back at 6' },
  ),
  method: entry(
    'depositMethod.delete',
    {
      id: uuid(),
      name: 'USDT (TRC20)',
      value: 'TXwallet',
      description: 'Tron',
      minAmount: 10,
      maxAmount: 50000,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    null,
    { target: null, entityType: 'depositMethod' },
  ),
  /** An entry of another version: an action and a field this one has no words for. */
  legacy: entry('client.mysteryAction', { reviewedUntil: '2026-01-02T03:04:05.000Z' }, { reviewedUntil: null }),
} as const;

function renderLog(language: TLanguage = 'en') {
  answer(getAuditLog, () => ({ entries: Object.values(ENTRIES), totalPage: 1 }));
  return renderWithProviders(<AuditLogPage />, { session: 'Admin', route: '/admin/audit', language });
}

/** The table row of an entry (the page also renders each as a card for small screens). */
async function rowOf(key: keyof typeof ENTRIES): Promise<HTMLElement> {
  const rows = await screen.findAllByTestId('audit-entry');
  const row = rows[Object.keys(ENTRIES).indexOf(key)];
  if (!row) throw new Error(`no row for ${key}`);
  return row;
}

/** Each change of a row as "Label: before → after" (the arrow is an icon). */
const changesOf = (row: HTMLElement) =>
  within(row)
    .queryAllByTestId('audit-field')
    .map((li) => (li.textContent ?? '').replace(/:(?=\S)/, ': '));

/** Every text of the page, piece by piece (textContent would glue neighbours into one word). */
function wordsOf(root: HTMLElement): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const pieces: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) pieces.push(node.textContent ?? '');
  return pieces.join(' | ');
}

describe('audit log', () => {
  it('shows every action by its name, every field by its label and every value by its kind', async () => {
    renderLog();
    const unlock = await rowOf('unlock');
    expect(within(unlock).getByText('Unlock request approved')).toBeInTheDocument();
    expect(changesOf(unlock)).toEqual(['Status: PendingApproved', 'Code valid until: Nov 24, 2026, 6:29 PM']);

    expect(changesOf(await rowOf('clear'))).toEqual(['Account balance: $1,500.00$0.00', 'Profit balance: $20.50$0.00']);
    expect(changesOf(await rowOf('update'))).toEqual(['Country: GermanyFrance', 'Phone: +49 40 1234+33 1 2345']);
    expect(changesOf(await rowOf('kyc'))).toEqual([
      'Status: PendingApproved',
      'KYC status: Under ReviewVerified',
      'Verified: NoYes',
    ]);
    const withdrawal = await rowOf('withdrawal');
    expect(within(withdrawal).getByText('$400.00')).toBeInTheDocument();
    expect(changesOf(withdrawal)).toEqual(['Status: PendingCompleted']);
    expect(changesOf(await rowOf('alert'))).toEqual(['Maintenance alert: NoYes', 'Maintenance alert text: —Back at 6']);
    expect(changesOf(await rowOf('method'))).toEqual([
      'Name: USDT (TRC20)',
      'Wallet address: TXwallet',
      'Description: Tron',
      'Minimum: $10.00',
      'Maximum: $50,000.00',
    ]);
  });

  it('reads an action or field it has no words for as words, not as a code', async () => {
    renderLog();
    const legacy = await rowOf('legacy');
    expect(within(legacy).getByText('Client mystery action')).toBeInTheDocument();
    expect(changesOf(legacy)).toEqual(['Reviewed until: Jan 2, 2026, 3:04 AM—']);
  });

  it('shows no developer key and no ISO timestamp anywhere on the page', async () => {
    const { container } = renderLog();
    await rowOf('legacy');
    const text = wordsOf(container);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    for (const key of [
      'withdrawalHold',
      'codeExpiresAt',
      'kycStatus',
      'isVerified',
      'maintenanceAlert',
      'unlock.approve',
    ]) {
      expect(text).not.toContain(key);
    }
    // No camelCase word at all (names, emails and amounts here have none).
    expect(text.match(/\b[a-z]+[A-Z][a-zA-Z]*\b/g) ?? []).toEqual([]);
  });

  it("speaks the admin's language", async () => {
    renderLog('fr');
    const unlock = await rowOf('unlock');
    expect(within(unlock).getByText('Demande de déblocage approuvée')).toBeInTheDocument();
    expect(changesOf(unlock)).toEqual(['Statut: En attenteApprouvé', "Code valable jusqu'au: 24 nov. 2026, 18:29"]);
    expect(changesOf(await rowOf('update'))).toEqual(['Pays: AllemagneFrance', 'Téléphone: +49 40 1234+33 1 2345']);
    expect(changesOf(await rowOf('kyc'))).toContain('Vérifié: NonOui');
  });
});
