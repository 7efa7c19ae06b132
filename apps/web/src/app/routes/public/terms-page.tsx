import { LegalDocumentPage } from '@/features/pages/components/legal-document';

/** /terms: the terms of use a client accepts at sign-up (operator content). */
export function Component() {
  return <LegalDocumentPage document="terms" />;
}
