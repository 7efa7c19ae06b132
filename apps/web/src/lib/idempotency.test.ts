import { expect, it } from 'vitest';
import { ApiError } from './api-client';
import { IdempotentSubmission } from './idempotency';

function keys() {
  let n = 0;
  return () => `key-${++n}`;
}

it('keeps one key across a double click and a retry whose outcome is unknown', () => {
  const submission = new IdempotentSubmission(keys());
  const first = submission.keyFor('{"amount":"25"}');
  expect(submission.keyFor('{"amount":"25"}')).toBe(first);
  submission.settle(new ApiError(0, 'NETWORK', 'Network error'));
  expect(submission.keyFor('{"amount":"25"}')).toBe(first);
  submission.settle(new ApiError(503, 'INTERNAL', 'Unavailable'));
  expect(submission.keyFor('{"amount":"25"}')).toBe(first);
  submission.settle(new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Still running'));
  expect(submission.keyFor('{"amount":"25"}')).toBe(first);
});

it('starts a new submission after an answer or a changed body', () => {
  const submission = new IdempotentSubmission(keys());
  expect(submission.keyFor('a')).toBe('key-1');
  expect(submission.keyFor('b')).toBe('key-2');
  submission.settle(new ApiError(403, 'FORBIDDEN', 'Verify the code first'));
  expect(submission.keyFor('b')).toBe('key-3');
  submission.settle();
  expect(submission.keyFor('b')).toBe('key-4');
});
