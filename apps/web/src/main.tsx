import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import i18n, { initI18n } from './i18n';
import { prepareMoneyFormats } from './lib/format';
import './styles.css';

// The router (with, on an area's page, that area's route table) and the words are fetched together.
// The router is not awaited here: the table's code imports this file's chunk, which cannot be
// imported while it waits on a top-level await, so the page would wait for itself forever.
const routerReady = createRouter();
await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void routerReady.then((router) => {
  // A transition lets React render the first page in slices, so a slow phone can still answer a tap
  // while it does (no long task); the brand mark of index.html stays up until the page is ready.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
  // In a task of its own, while the page's data is on its way (lib/format.ts).
  window.setTimeout(() => prepareMoneyFormats(i18n.resolvedLanguage ?? 'en'), 0);
});
