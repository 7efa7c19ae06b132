import { SupportPage } from '@/features/support/components/support-page';

/** /support */
export { SupportPage as Component };
