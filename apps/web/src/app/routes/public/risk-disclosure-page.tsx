import { LegalDocumentPage } from '@/features/pages/components/legal-document';

/** /risk-disclosure: the risk disclosure a client accepts at sign-up (operator content). */
export function Component() {
  return <LegalDocumentPage document="risk-disclosure" />;
}
