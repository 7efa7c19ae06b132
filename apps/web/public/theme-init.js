// Runs before first paint: apply the remembered theme (dark by default) so the page never flashes.
(function () {
  try {
    var theme = localStorage.getItem('meridian.theme') === 'light' ? 'light' : 'dark';
    var root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    var lang = localStorage.getItem('meridian.lang');
    if (lang) root.lang = lang;
  } catch (e) {}
})();
