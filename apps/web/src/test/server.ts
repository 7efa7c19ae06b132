import { setupServer } from 'msw/node';

/**
 * The API of component tests: MSW answers the app's `fetch` calls in the test process. Tests add
 * handlers with `answer(endpoint, resolver)` (answer.ts); the setup file starts it, clears the
 * handlers after each test and fails a test that sent a request nobody answered.
 */
export const server = setupServer();

/** What went wrong on the API side during the current test; the setup file fails the test with it. */
export const apiProblems: string[] = [];
