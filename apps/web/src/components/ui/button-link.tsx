import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type TButtonLook } from './button';

export interface ButtonLinkProps extends LinkProps, TButtonLook {}

/** A link within the app that looks like a button (Sign up, Deposit, Back to overview). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size }, className)} {...props} />;
}
