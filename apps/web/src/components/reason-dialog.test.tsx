import { ZRejectPayoutInput } from '@meridian/contracts/payouts';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test';
import { ReasonDialog, type TReason } from './reason-dialog';

/** A call the test settles by hand: `calls` keeps what was sent and how to answer it. */
function manualCall() {
  const calls: { values: TReason; resolve: (answer: string) => void; reject: (error: unknown) => void }[] = [];
  const send = (values: TReason) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ values, resolve, reject });
    });
  return { calls, send };
}

function Harness({
  send,
  onClose,
  closeAfterMs,
}: {
  send: (v: TReason) => Promise<string>;
  onClose: () => void;
  closeAfterMs?: number;
}) {
  const mutation = useMutation({ mutationFn: send });
  return (
    <ReasonDialog
      title="Reject it?"
      schema={ZRejectPayoutInput}
      label="Reason"
      submitLabel="Reject"
      testId="thing"
      mutation={mutation}
      send={mutation.mutateAsync}
      failedText={() => 'Failed to reject'}
      doneText="Rejected"
      closeAfterMs={closeAfterMs}
      onClose={onClose}
    />
  );
}

function renderDialog(closeAfterMs?: number) {
  const call = manualCall();
  const onClose = vi.fn();
  const rendered = renderWithProviders(<Harness send={call.send} onClose={onClose} closeAfterMs={closeAfterMs} />);
  const dialog = screen.getByRole('dialog', { name: 'Reject it?' });
  return { ...rendered, ...call, onClose, dialog };
}

describe('ReasonDialog (the form-dialog frame)', () => {
  it('holds one call at a time and cannot be closed while it runs', async () => {
    const { user, dialog, calls, onClose } = renderDialog();
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.values).toEqual({ reason: 'Duplicate' });

    // A second submit, Cancel, and Escape do nothing while the call runs.
    await user.click(within(dialog).getByTestId('thing-submit'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(calls).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a failure in its alert and lets the reader try again', async () => {
    const { user, dialog, calls } = renderDialog();
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.reject(new ApiError(409, 'CONFLICT', 'no'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to reject');

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('puts a refusal that names the reason on the reason field, not in the alert', async () => {
    const { user, dialog, calls } = renderDialog();
    await user.type(within(dialog).getByLabelText('Reason'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.reject(
      new ApiError(400, 'VALIDATION', 'bad', {
        fieldKeys: { reason: { key: 'validation.rejectReasonRequired', params: {} } },
      }),
    );
    expect(await within(dialog).findByText('Please provide a reason for rejection')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Please provide a reason for rejection'),
    );
    expect(within(dialog).queryByText('Failed to reject')).not.toBeInTheDocument();
  });

  it('says it is done, locks the form and closes a moment after success', async () => {
    const { user, dialog, calls, onClose } = renderDialog(50);
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.resolve('ok');
    expect(await within(dialog).findByText('Rejected')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    // Cancel has become Close, beside the dialog's own close button.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
