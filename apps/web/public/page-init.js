// Runs in the page's head, before the app's code arrives:
// - applies the remembered theme (dark by default) and language, so the page never flashes;
// - with a remembered session ("Remember me"), starts trading the refresh cookie for an access token
//   now, while the app's code downloads, rather than once it has run (a round trip later on a phone).
//   The app takes this answer the first time it restores the session (`refreshSession` in
//   src/lib/api-client.ts) instead of asking again: a second request with the same cookie would race
//   its rotation.
(() => {
  try {
    const theme = localStorage.getItem('meridian.theme') === 'light' ? 'light' : 'dark';
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    const lang = localStorage.getItem('meridian.lang');
    if (lang) root.lang = lang;
    if (localStorage.getItem('meridian.persist') === 'true') {
      window.meridianSessionRestore = fetch('/api/refresh', {
        headers: { accept: 'application/json' },
        credentials: 'include',
      });
    }
  } catch {
    // Storage unavailable (private mode): keep the dark default; the app restores nothing either.
  }
})();
