import { submitKyc } from '@meridian/contracts/endpoints/kyc';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { answer, IDS, makeAuth, refuse, renderWithProviders, type TRendered } from '@/test';
import { server } from '@/test/server';
import { KycSubmitForm } from './kyc-submit-form';

const png = (name: string, bytes = 64) => new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/png' });

function renderForm(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onSubmitted = vi.fn();
  const rendered = renderWithProviders(
    <KycSubmitForm
      userId={IDS.client}
      defaults={{ fullName: 'Ada Lovelace', address: '1 Analytical Way, London' }}
      onSubmitted={onSubmitted}
    />,
    { session: makeAuth('Client', { kycStatus: 'not submitted' }), route: '/user/kyc/submit', ...options },
  );
  return { ...rendered, onSubmitted, form: screen.getByTestId('kyc-form') };
}

async function fillDetails({ user }: TRendered) {
  await user.selectOptions(screen.getByLabelText('Document type'), 'passport');
  await user.type(screen.getByLabelText('Document number'), 'C01X00T47');
  await user.type(screen.getByLabelText('Date of birth'), '1988-04-12');
  await screen.findByRole('option', { name: 'United Kingdom' });
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
}

describe('KycSubmitForm', () => {
  it('starts from what the account already knows', () => {
    renderForm();
    expect(screen.getByLabelText('Full name (as on the document)')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Residential address')).toHaveValue('1 Analytical Way, London');
  });

  it('shows the country it starts from once the country names have arrived', async () => {
    renderWithProviders(<KycSubmitForm userId={IDS.client} defaults={{ country: 'GB' }} onSubmitted={vi.fn()} />, {
      session: makeAuth('Client', { kycStatus: 'not submitted' }),
      route: '/user/kyc/submit',
    });
    await screen.findByRole('option', { name: 'United Kingdom' });
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('GB'));
  });

  it('on a resubmission, sends only the image the client replaced; the other is the previous one', async () => {
    const kycId = '66666666-6666-4666-8666-666666666666';
    server.use(
      ...(['document', 'selfie'] as const).map((which) =>
        http.get(`/api/kyc/${kycId}/${which}-image`, () =>
          HttpResponse.arrayBuffer(new Uint8Array(16).fill(9).buffer, { headers: { 'content-type': 'image/png' } }),
        ),
      ),
    );
    const sent = answer(submitKyc, () => ({ message: messageText('kyc.submitted') }));
    const { user } = renderWithProviders(
      <KycSubmitForm
        userId={IDS.client}
        previousKycId={kycId}
        defaults={{
          documentType: 'passport',
          documentNumber: 'C01X00T47',
          fullName: 'Ada Lovelace',
          dateOfBirth: '1988-04-12',
          country: 'GB',
          address: '1 Analytical Way, London',
        }}
        onSubmitted={vi.fn()}
      />,
      { session: makeAuth('Client', { kycStatus: 'rejected' }), route: '/user/kyc/submit' },
    );
    expect(await screen.findByRole('img', { name: 'Previous image: Selfie' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Selfie'), png('new-selfie.png', 90));
    expect(screen.getByRole('img', { name: 'Preview of Selfie' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Previous image: Document image' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveValue('GB'));
    await user.click(screen.getByRole('button', { name: 'Submit KYC' }));

    expect(await screen.findByText('KYC submitted successfully!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const { documentImage, selfieImage, ...fields } = sent[0]?.body ?? {};
    expect(fields).toMatchObject({ documentNumber: 'C01X00T47', country: 'GB' });
    expect(documentImage).toBeUndefined();
    expect(selfieImage).toMatchObject({ name: 'new-selfie.png', size: 90 });
  });

  it('names what is missing, both images included, before sending anything', async () => {
    const { user, form } = renderForm();
    await user.clear(screen.getByLabelText('Full name (as on the document)'));
    await user.click(within(form).getByRole('button', { name: 'Submit KYC' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Document type')).toHaveAccessibleDescription('Please select a document type'),
    );
    expect(screen.getByLabelText('Document number')).toHaveAccessibleDescription('Document number is required');
    expect(screen.getByLabelText('Full name (as on the document)')).toHaveAccessibleDescription(
      'Full name is required',
    );
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Date of birth is required');
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('Country is required');
    expect(within(form).getAllByText('Please upload both document and selfie images')).toHaveLength(2);
  });

  it('refuses a date of birth less than 18 years ago', async () => {
    const { user } = renderForm();
    const recent = new Date();
    recent.setUTCFullYear(recent.getUTCFullYear() - 17);
    const dateOfBirth = screen.getByLabelText('Date of birth');
    await user.type(dateOfBirth, recent.toISOString().slice(0, 10));
    await user.tab();
    await waitFor(() => expect(dateOfBirth).toHaveAccessibleDescription(messageText('kyc.dateOfBirthAdult')));
  });

  it('refuses a file that is not an image, and an image over 10MB, at once', async () => {
    const { user } = renderForm({ user: { applyAccept: false } });
    const documentImage = screen.getByLabelText('Document image');
    await user.upload(documentImage, new File(['not an image'], 'passport.png', { type: 'text/plain' }));
    await waitFor(() => expect(documentImage).toHaveAccessibleDescription('Images must be JPG, PNG or WebP files'));

    const selfie = screen.getByLabelText('Selfie');
    await user.upload(selfie, png('selfie.png', 10 * 1024 * 1024 + 1));
    await waitFor(() => expect(selfie).toHaveAccessibleDescription('Image size must be less than 10MB'));
  });

  it('sends the details and both images as a form, then says so and marks the client pending', async () => {
    const sent = answer(submitKyc, () => ({ message: messageText('kyc.submitted') }));
    const rendered = renderForm();
    await fillDetails(rendered);
    await rendered.user.upload(screen.getByLabelText('Document image'), png('passport.png', 120));
    await rendered.user.upload(screen.getByLabelText('Selfie'), png('selfie.png', 80));
    expect(screen.getByRole('img', { name: 'Preview of Document image' })).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Submit KYC' }));

    expect(await screen.findByText('KYC submitted successfully!')).toBeInTheDocument();
    expect(rendered.onSubmitted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Submit KYC' })).toBeDisabled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toEqual({ userId: IDS.client });
    const { documentImage, selfieImage, ...fields } = sent[0]?.body ?? {};
    expect(fields).toEqual({
      documentType: 'passport',
      documentNumber: 'C01X00T47',
      fullName: 'Ada Lovelace',
      dateOfBirth: '1988-04-12',
      country: 'GB',
      address: '1 Analytical Way, London',
    });
    expect(documentImage).toBeInstanceOf(File);
    expect(documentImage).toMatchObject({ name: 'passport.png', type: 'image/png', size: 120 });
    expect(selfieImage).toMatchObject({ name: 'selfie.png', type: 'image/png', size: 80 });
    expect(new Uint8Array(await (documentImage as File).arrayBuffer())).toEqual(new Uint8Array(120).fill(7));
    expect(session.get()?.user.kycStatus).toBe('pending');
  });

  it('shows the server’s refusal, and a refused image next to its picker', async () => {
    answer(submitKyc, () =>
      refuse(413, {
        error: 'PAYLOAD_TOO_LARGE',
        key: 'validation.imageTooLarge',
        fieldKeys: { selfieImage: { key: 'validation.imageTooLarge', params: {} } },
      }),
    );
    const rendered = renderForm();
    await fillDetails(rendered);
    await rendered.user.upload(screen.getByLabelText('Document image'), png('passport.png'));
    await rendered.user.upload(screen.getByLabelText('Selfie'), png('selfie.png'));
    await rendered.user.click(screen.getByRole('button', { name: 'Submit KYC' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Selfie')).toHaveAccessibleDescription('Image size must be less than 10MB'),
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'Image size must be less than 10MB',
    );
    expect(rendered.onSubmitted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit KYC' })).toBeEnabled();
  });

  it('says when a submission is already under review', async () => {
    answer(submitKyc, () => refuse(409, { error: 'CONFLICT', key: 'kyc.alreadyPending' }));
    const rendered = renderForm({ language: 'pt' });
    const { user } = rendered;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de documento' }), 'passport');
    await user.type(screen.getByRole('textbox', { name: 'Número do documento' }), 'C01X00T47');
    await user.type(screen.getByLabelText('Data de nascimento'), '1988-04-12');
    await screen.findByRole('option', { name: 'Reino Unido' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'GB');
    await user.upload(screen.getByLabelText('Imagem do documento'), png('passport.png'));
    await user.upload(screen.getByLabelText('Selfie'), png('selfie.png'));
    await user.click(screen.getByRole('button', { name: 'Enviar KYC' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Seu KYC já está em análise');
  });
});
