import { isMessageKey, messages, type TMessageKey } from '@meridian/contracts/messages';

/** The server answers with the English words of a shared message; this finds the key back. */
const keyByEnglish = new Map<string, TMessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as TMessageKey]),
);

/** The shared key behind a zod issue (a key already) or a server sentence (its English text). */
export function sharedMessageKey(message: string): TMessageKey | undefined {
  return isMessageKey(message) ? message : keyByEnglish.get(message);
}

/** The namespaces shared messages live in (`validation`, `errors`, `kyc`, …). */
export const MESSAGE_NAMESPACES = [...new Set(Object.keys(messages).map((key) => key.slice(0, key.indexOf('.'))))];
