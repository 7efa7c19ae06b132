import { messageText, type TMessageKey } from '@meridian/contracts/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test';
import { answerKey, useAnswerText } from './use-answer-text';

function Probe({ message, fallback }: { message: string | undefined; fallback: TMessageKey }) {
  return <p>{useAnswerText()(message, fallback)}</p>;
}

function shown(message: string | undefined, language: 'en' | 'de' = 'en') {
  const { unmount } = renderWithProviders(<Probe message={message} fallback="adjustments.debited" />, { language });
  const text = screen.getByRole('paragraph').textContent;
  unmount();
  return text;
}

describe('useAnswerText', () => {
  it('knows a shared message by the English text the server answers', () => {
    expect(answerKey(messageText('approvals.requested'))).toBe('approvals.requested');
    expect(answerKey('Something the server said')).toBeUndefined();
  });

  it('shows what the server said in the reader’s language: "Sent for approval", not the action’s own success', () => {
    const requested = messageText('approvals.requested');
    expect(shown(requested)).toBe(requested);
    expect(shown(requested, 'de')).not.toBe(requested);
    expect(shown(requested, 'de')).toMatch(/Freigabe/);
    expect(shown(messageText('adjustments.debited'))).toBe(messageText('adjustments.debited'));
  });

  it('shows an unknown text as it is, and the fallback when there is no answer yet', () => {
    expect(shown('Done, with a twist')).toBe('Done, with a twist');
    expect(shown(undefined)).toBe(messageText('adjustments.debited'));
  });
});
