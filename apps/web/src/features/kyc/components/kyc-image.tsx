import { KYC_IMAGE_ENDPOINTS } from '@meridian/contracts/endpoints/kyc';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useProtectedImage } from '@/hooks/use-protected-image';

/** A KYC image (owner or admin only, fetched with the token); a click opens it large. */
export function KycImage({ kycId, which, label }: { kycId: string; which: 'document' | 'selfie'; label: string }) {
  const { t } = useTranslation('kyc');
  const image = useProtectedImage(KYC_IMAGE_ENDPOINTS[which], { kycId });
  const [large, setLarge] = useState(false);

  if (image.isLoading) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (!image.url) {
    return (
      <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-xl border border-border bg-surface-2 text-sm text-muted">
        <ImageOff className="h-6 w-6" aria-hidden="true" />
        {t('review.imageFailed')}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setLarge(true)}
        className="block w-full overflow-hidden rounded-xl border border-border bg-surface-2 focus:outline-none focus:ring-2 focus:ring-ring/40"
        aria-label={t('review.openImage', { name: label })}
      >
        <img src={image.url} alt={label} className="h-40 w-full object-contain" />
      </button>
      <Dialog open={large} onOpenChange={setLarge} title={label} className="max-w-4xl">
        <img src={image.url} alt={label} className="max-h-[75dvh] w-full object-contain" />
      </Dialog>
    </>
  );
}
