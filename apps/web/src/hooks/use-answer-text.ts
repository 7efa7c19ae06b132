import { messages, type TMessageKey } from '@meridian/contracts/messages';
import { useCallback } from 'react';
import { useMessageText } from './use-message-text';

/** Each shared message's English text (what the server answers in `message`), back to its key. */
const KEY_OF_TEXT = new Map<string, TMessageKey>(
  (Object.entries(messages) as [TMessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The key of a server's answer text, when it is a shared message without params. */
export function answerKey(message: string): TMessageKey | undefined {
  return KEY_OF_TEXT.get(message);
}

/**
 * Words for the `message` of a successful answer, in the reader's language. A money action's answer
 * is not always the action's own success: above the four-eyes threshold it is "Sent for approval"
 * (`approvals.requested`, docs/money.md "Four-eyes approval"), so a dialog shows what the server said,
 * not what it expected. A text that is no shared message is shown as it is; no answer: `fallback`.
 */
export function useAnswerText(): (message: string | undefined, fallback: TMessageKey) => string {
  const text = useMessageText();
  return useCallback(
    (message, fallback) => {
      const key = message === undefined ? fallback : (answerKey(message) ?? message);
      return text(key) ?? message ?? key;
    },
    [text],
  );
}
