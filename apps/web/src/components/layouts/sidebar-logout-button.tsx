import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Logout at the foot of a signed-in area's navigation; it asks first (the layout's dialog). */
export function SidebarLogoutButton({ onLogout, className }: { onLogout: () => void; className?: string }) {
  const { t } = useTranslation('shell');
  return (
    <Button variant="ghost" className={cn('justify-start', className)} onClick={onLogout}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      {t('logout.button')}
    </Button>
  );
}
