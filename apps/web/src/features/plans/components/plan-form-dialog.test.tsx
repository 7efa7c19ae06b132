import { createPlan, updatePlan } from '@meridian/contracts/endpoints/plans';
import type { TInvestmentPlan } from '@meridian/contracts/investments';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { PlanFormDialog, type PlanFormDialogProps } from './plan-form-dialog';

function makePlan(overrides: Partial<TInvestmentPlan> = {}): TInvestmentPlan {
  return {
    id: IDS.plan,
    name: 'Basic Plan',
    interest: 20,
    duration: 7,
    noOfTimes: 1,
    minAmount: 200,
    maxAmount: 5000,
    inUse: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderDialog(props: Omit<PlanFormDialogProps, 'onClose'> = {}, language?: 'en' | 'fr') {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<PlanFormDialog onClose={onClose} {...props} />, {
    session: 'Admin',
    route: '/admin/investmentplans',
    ...(language ? { language } : {}),
  });
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

const field = {
  name: () => screen.getByLabelText('Plan name'),
  interest: () => screen.getByLabelText('Interest (%)'),
  duration: () => screen.getByLabelText('Duration'),
  noOfTimes: () => screen.getByLabelText('Trades per day'),
  min: () => screen.getByLabelText('Minimum amount (USD)'),
  max: () => screen.getByLabelText('Maximum amount (USD)'),
};

describe('PlanFormDialog', () => {
  it('offers the spec’s durations and trades per day', () => {
    renderDialog();
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options(field.duration())).toEqual(['Select a duration', '7 days', '10 days', '14 days', '30 days']);
    expect(options(field.noOfTimes())).toEqual([
      'Select trades per day',
      '1 per day',
      '2 per day',
      '3 per day',
      '4 per day',
    ]);
    expect(field.min()).toHaveAttribute('step', '0.01');
    expect(field.max()).toHaveAttribute('step', '0.01');
  });

  it('names every missing field before sending anything, the selects with "This field is required"', async () => {
    const sent = answer(createPlan, () => refuse(400, { error: 'VALIDATION', key: 'errors.badRequest' }));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create New Plan' }));
    await waitFor(() => expect(field.name()).toHaveAccessibleDescription('Plan name is required'));
    expect(field.interest()).toHaveAccessibleDescription('Interest is required');
    expect(field.duration()).toHaveAccessibleDescription('This field is required');
    expect(field.noOfTimes()).toHaveAccessibleDescription('This field is required');
    expect(field.min()).toHaveAccessibleDescription('Minimum amount is required');
    expect(field.max()).toHaveAccessibleDescription('Maximum amount is required');
    expect(sent).toHaveLength(0);
  });

  it('refuses an interest out of range and a minimum above the maximum', async () => {
    const { user } = renderDialog();
    await user.type(field.name(), 'Gold');
    await user.type(field.interest(), '1200');
    await user.selectOptions(field.duration(), '30');
    await user.selectOptions(field.noOfTimes(), '4');
    await user.type(field.min(), '500');
    await user.type(field.max(), '100');
    await user.click(screen.getByRole('button', { name: 'Create New Plan' }));
    await waitFor(() => expect(field.interest()).toHaveAccessibleDescription(messageText('validation.interestRange')));
    expect(field.max()).toHaveAccessibleDescription('The minimum cannot be above the maximum');
  });

  it('creates a plan, says so, locks the form and closes after 3 seconds', async () => {
    const sent = answer(createPlan, ({ body }) => ({
      message: messageText('investments.planCreated'),
      investmentPlan: makePlan({ name: String(body.name) }),
    }));
    const { user, dialog, onClose } = renderDialog();
    expect(dialog).toHaveAccessibleName('Create New Plan');
    await user.type(field.name(), 'Basic Plan');
    await user.type(field.interest(), '12.5');
    await user.selectOptions(field.duration(), '7');
    await user.selectOptions(field.noOfTimes(), '2');
    await user.type(field.min(), '200');
    await user.type(field.max(), '5000.50');
    await user.click(screen.getByRole('button', { name: 'Create New Plan' }));

    expect(await within(dialog).findByText('New Investment Plan Created Successfully')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      name: 'Basic Plan',
      interest: '12.5',
      minAmount: '200',
      maxAmount: '5000.50',
    });
    expect(Number(sent[0]?.body.duration)).toBe(7);
    expect(Number(sent[0]?.body.noOfTimes)).toBe(2);
    expect(field.name()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create New Plan' })).toBeDisabled();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 4000 });
  });

  it('edits a plan from its current values, sends its id, and warns when clients invested in it', async () => {
    const plan = makePlan({ inUse: true });
    const sent = answer(updatePlan, ({ body }) => ({
      message: messageText('investments.planUpdated'),
      investmentPlan: { ...plan, interest: Number(body.interest) },
    }));
    const { user, dialog } = renderDialog({ plan });
    expect(dialog).toHaveAccessibleName('Edit Plan');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your changes apply to new investments only');
    expect(field.name()).toHaveValue('Basic Plan');
    expect(field.duration()).toHaveValue('7');
    expect(field.noOfTimes()).toHaveValue('1');
    await user.clear(field.interest());
    await user.type(field.interest(), '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Investment Plan Updated Successfully')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ id: plan.id, name: 'Basic Plan', interest: '25' });
  });

  it('puts a refused name next to the name, in the reader’s language', async () => {
    answer(createPlan, () =>
      refuse(409, {
        error: 'CONFLICT',
        key: 'errors.planNameTaken',
        fieldKeys: { name: { key: 'errors.planNameTaken', params: {} } },
      }),
    );
    const { user } = renderDialog({}, 'fr');
    await user.type(screen.getByLabelText('Nom du plan'), 'Basic Plan');
    await user.type(screen.getByLabelText('Intérêt (%)'), '20');
    await user.selectOptions(screen.getByLabelText('Durée'), '7');
    await user.selectOptions(screen.getByLabelText('Opérations par jour'), '1');
    await user.type(screen.getByLabelText('Montant minimum (USD)'), '10');
    await user.type(screen.getByLabelText('Montant maximum (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Créer un nouveau plan' }));
    const french = (await import('@/i18n/locales/fr/errors.json')).planNameTaken;
    await waitFor(() => expect(screen.getByLabelText('Nom du plan')).toHaveAccessibleDescription(french));
  });

  it('shows a refusal that names no field in an alert and lets the admin try again', async () => {
    answer(updatePlan, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.planNotFound' }));
    const { user, dialog } = renderDialog({ plan: makePlan() });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messageText('errors.planNotFound'));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});
