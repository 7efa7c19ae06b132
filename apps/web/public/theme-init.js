// Runs before first paint: apply the remembered theme (dark by default) so the page never flashes.
(() => {
  try {
    const theme = localStorage.getItem('meridian.theme') === 'light' ? 'light' : 'dark';
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    const lang = localStorage.getItem('meridian.lang');
    if (lang) root.lang = lang;
  } catch {
    // Storage unavailable (private mode): keep the dark default.
  }
})();
