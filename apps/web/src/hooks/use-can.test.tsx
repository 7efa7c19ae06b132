import type { TStaffRole } from '@meridian/contracts/constants';
import type { TPermission } from '@meridian/contracts/staff-terms';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuth, renderWithProviders } from '@/test';
import { useCan } from './use-can';

function Probe({ permission }: { permission: TPermission | undefined }) {
  return <p>{useCan(permission) ? 'allowed' : 'refused'}</p>;
}

function answerFor(permission: TPermission | undefined, session: Parameters<typeof renderWithProviders>[1]) {
  const { unmount } = renderWithProviders(<Probe permission={permission} />, session);
  const text = screen.getByRole('paragraph').textContent;
  unmount();
  return text;
}

const staff = (staffRole: TStaffRole) => ({ session: makeAuth('Admin', { staffRole }) });

describe('useCan', () => {
  it("answers from the signed-in staff member's role", () => {
    expect(answerFor('money.manage', staff('Finance'))).toBe('allowed');
    expect(answerFor('money.manage', staff('Support'))).toBe('refused');
    expect(answerFor('clients.manage', staff('Finance'))).toBe('refused');
    expect(answerFor('kyc.review', staff('Support'))).toBe('allowed');
    expect(answerFor('staff.manage', staff('Admin'))).toBe('allowed');
    expect(answerFor('staff.manage', staff('Finance'))).toBe('refused');
  });

  it('refuses everything to someone who is not staff, and when nobody is signed in', () => {
    expect(answerFor('clients.read', { session: 'Client' })).toBe('refused');
    expect(answerFor('clients.read', {})).toBe('refused');
  });

  it('allows what names no permission', () => {
    expect(answerFor(undefined, staff('Support'))).toBe('allowed');
  });
});
