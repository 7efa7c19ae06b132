import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import i18n, { initI18n } from './i18n';
import { prepareMoneyFormats } from './lib/format';
import './styles.css';

// The words and (on an area's page) the area's route table, fetched together.
const [router] = await Promise.all([createRouter(), initI18n()]);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
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
