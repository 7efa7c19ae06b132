import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test';
import { CopyButton } from './copy-button';

describe('CopyButton', () => {
  it('says a wallet address was copied in the spec’s words', async () => {
    const { user } = renderWithProviders(
      <CopyButton value="TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" label="Copy address" copies="address" iconOnly />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Address copied to clipboard');
  });

  it('says anything else was copied to the clipboard', async () => {
    const { user } = renderWithProviders(<CopyButton value="ABCD-EFGH" label="Copy codes" />);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied to clipboard!');
  });
});
