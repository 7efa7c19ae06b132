import type { TNameField, TPlaceField } from './person-fields';

/** A person's name, contact and place fields, all blank: where the forms that make a new account start. */
export const EMPTY_PERSON: Record<TNameField | TPlaceField, string> = {
  firstname: '',
  lastname: '',
  username: '',
  email: '',
  phone: '',
  country: '',
  address: '',
};
