import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TCountryOption } from '@/hooks/use-country-options';
import { SelectField, TextField } from './ui/field';
import { LoadingStatus, Skeleton } from './ui/skeleton';

export type TNameField = 'firstname' | 'lastname' | 'username' | 'phone' | 'email';
export type TPlaceField = 'country' | 'address';

interface PersonFieldsBase<TName extends string> {
  /** The form's `register`. */
  register: (name: TName) => UseFormRegisterReturn;
  /** The field's error in the reader's language. */
  error: (name: TName) => string | undefined;
  /** The field's label ('First name'), in the form's own namespace. */
  label: (name: TName) => string;
  /**
   * Whose details: the reader's own (the browser may fill them in) or a client's typed by an admin
   * (no autofill from the admin's own details).
   */
  whose: 'own' | 'client';
}

export interface NameFieldsProps extends PersonFieldsBase<TNameField> {
  /** `wide`: username and phone beside the names, email below; `stacked`: the names side by side, the rest below. */
  layout: 'wide' | 'stacked';
  placeholders?: { email?: string; phone?: string };
}

/**
 * A person's name and contact fields, as every form about a person lays them out: register, the
 * profile dialogs, and the admin's new and update client dialogs. The first name takes the focus.
 */
export function NameFields({ register, error, label, whose, layout, placeholders = {} }: NameFieldsProps) {
  const own = whose === 'own';
  const field = (name: TNameField, autoComplete: string) => ({
    label: label(name),
    autoComplete: own ? autoComplete : 'off',
    error: error(name),
    ...register(name),
  });
  const username = (
    <TextField {...field('username', 'username')} {...(own ? { autoCapitalize: 'none', spellCheck: false } : {})} />
  );
  const phone = <TextField {...field('phone', 'tel')} type="tel" placeholder={placeholders.phone} />;
  const email = (
    <TextField
      {...field('email', 'email')}
      type="email"
      {...(own ? { inputMode: 'email' as const } : {})}
      placeholder={placeholders.email}
    />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('firstname', 'given-name')} data-autofocus />
        <TextField {...field('lastname', 'family-name')} />
        {layout === 'wide' ? (
          <>
            {username}
            {phone}
          </>
        ) : null}
      </div>
      {layout === 'wide' ? (
        email
      ) : (
        <>
          {username}
          {email}
          {phone}
        </>
      )}
    </>
  );
}

export interface PlaceFieldsProps extends PersonFieldsBase<TPlaceField> {
  countries: readonly TCountryOption[];
  /** The empty choice ('Select a country'). */
  countryPlaceholder: string;
  /** The country names are still loading. */
  countriesPending?: boolean;
}

/** Where a person lives: country (a choice) and address. */
export function PlaceFields({
  register,
  error,
  label,
  whose,
  countries,
  countryPlaceholder,
  countriesPending,
}: PlaceFieldsProps) {
  const own = whose === 'own';
  return (
    <>
      <SelectField
        label={label('country')}
        {...(own ? { autoComplete: 'country' } : {})}
        error={error('country')}
        aria-busy={countriesPending || undefined}
        {...register('country')}
      >
        <option value="">{countryPlaceholder}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={label('address')}
        autoComplete={own ? 'street-address' : 'off'}
        error={error('address')}
        {...register('address')}
      />
    </>
  );
}

/**
 * What a person's form shows while the country names load: the form waits for them, so the select
 * shows the person's country from the start.
 */
export function PersonFieldsLoading() {
  return (
    <LoadingStatus className="space-y-4">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </LoadingStatus>
  );
}
