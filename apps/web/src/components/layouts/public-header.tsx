import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@/components/language-picker';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { BrandLink } from './brand-link';
import { PublicAuthActions, type TAuthDialog } from './public-auth-actions';
import { PublicNavLinks } from './public-nav-links';

/** Brand, main links, language, theme and the sign-in actions; below `lg` the links fold into a menu. */
export function PublicHeader({ onOpenDialog }: { onOpenDialog: (dialog: TAuthDialog) => void }) {
  const { t } = useTranslation('public');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const openDialog = (dialog: TAuthDialog) => {
    closeMenu();
    onOpenDialog(dialog);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <BrandLink to="/" onClick={closeMenu} className="text-lg" />
        <nav aria-label={t('nav.label')} className="ml-6 hidden lg:block">
          <PublicNavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <div className="hidden lg:block">
            <LanguagePicker />
          </div>
          <ThemeToggle />
          <div className="hidden lg:block">
            <PublicAuthActions onOpenDialog={openDialog} />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <div id={menuId} hidden={!menuOpen} className="border-t border-border bg-bg px-4 pb-5 pt-3 sm:px-6 lg:hidden">
        <nav aria-label={t('nav.label')}>
          <PublicNavLinks stacked onNavigate={closeMenu} />
        </nav>
        <div className="mt-4 space-y-3 border-t border-border pt-4">
          <PublicAuthActions stacked onOpenDialog={openDialog} onNavigate={closeMenu} />
          <LanguagePicker className="w-full [&>select]:w-full" />
        </div>
      </div>
    </header>
  );
}
