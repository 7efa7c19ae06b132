import { MessageCircle } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useContent } from '@/api/content';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { lazyComponent } from '@/lib/lazy-component';

/** Below Tailwind's `sm`. */
const PHONE = '(max-width: 639.98px)';

const SupportChatDialog = lazyComponent(() => import('./support-chat-dialog'), 'SupportChatDialog');

/** Loads the operator's chat script once; the script then shows its own button. */
function loadChatScript(src: string) {
  if (document.querySelector(`script[data-support-chat]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.supportChat = 'true';
  document.body.append(script);
}

/**
 * The floating "Chat with support" button of the public site (bottom-right; the live-activity popup
 * keeps bottom-left). It opens the contact form, or, when the operator configured a third-party chat
 * (content `chatScriptUrl`), loads that chat instead. Not shown on /support, which is the form. On a
 * phone it waits until the page is scrolled like back to top: in the first screen it covered the
 * home page's prices, and the menu leads to Support there.
 */
export function SupportChatButton() {
  // Its label is the public frame's (`public`), so the form's words load only with the form.
  const { t } = useTranslation('public');
  const { pathname } = useLocation();
  const chatScriptUrl = useContent().data?.chatScriptUrl ?? null;
  const [open, setOpen] = useState(false);
  const [handedOver, setHandedOver] = useState(false);
  const phone = useMediaQuery(PHONE);
  const scrolled = useScrolledPast();
  const shown = pathname !== '/support' && !handedOver && (!phone || scrolled);
  // Other floating buttons (back to top) make room for this one while it shows.
  useEffect(() => {
    if (!shown) return;
    document.documentElement.dataset.chatButton = '';
    return () => {
      delete document.documentElement.dataset.chatButton;
    };
  }, [shown]);
  // An open form stays open whatever the page does beneath it.
  if (!shown && !open) return null;

  const onClick = () => {
    if (chatScriptUrl) {
      loadChatScript(chatScriptUrl);
      setHandedOver(true);
    } else {
      setOpen(true);
    }
  };
  return (
    <>
      {shown && (
        <button
          type="button"
          onClick={onClick}
          aria-label={t('supportChat')}
          title={t('supportChat')}
          className="fixed bottom-4 right-4 z-30 grid h-14 w-14 place-items-center rounded-full bg-primary text-primary-fg shadow-lg transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          data-testid="support-chat-button"
        >
          <MessageCircle className="h-6 w-6" aria-hidden="true" />
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SupportChatDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
