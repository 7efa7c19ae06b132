import { getLegalDocument } from '@meridian/contracts/endpoints/content';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, renderWithProviders } from '@/test';
import { LegalDocumentPage } from './legal-document';

describe('LegalDocumentPage', () => {
  it('shows the operator’s text in the reader’s language, with the version a sign-up records', async () => {
    const asked = answer(getLegalDocument, ({ query }) => ({
      document: 'risk-disclosure' as const,
      language: 'de' as const,
      title: 'Risikohinweis',
      sections: [{ heading: 'Sie können Geld verlieren', body: 'Der Handel ist riskant.' }],
      version: `${query.get('lang')}0123456789abcd`,
    }));
    renderWithProviders(<LegalDocumentPage document="risk-disclosure" />, {
      route: '/risk-disclosure',
      language: 'de' as const,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Risikohinweis' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Sie können Geld verlieren' })).toBeVisible();
    expect(screen.getByText('Der Handel ist riskant.')).toBeVisible();
    expect(screen.getByTestId('legal-version')).toHaveTextContent('Fassung de0123456789abcd');
    expect(asked[0]?.params).toEqual({ document: 'risk-disclosure' });
  });

  it('keeps its title and offers Try again when the text cannot be loaded', async () => {
    answer(getLegalDocument, () => refuse(400, { error: 'VALIDATION', key: 'errors.notFound' }));
    renderWithProviders(<LegalDocumentPage document="terms" />, { route: '/terms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    expect(screen.getByText('This text could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
