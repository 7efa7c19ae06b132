import { Link } from 'react-router';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** "Already have an account? Log in": a link on the pages, a button that swaps the modal in a dialog. */
export function AuthSwitch({
  prompt,
  action,
  to,
  onClick,
}: {
  prompt: string;
  action: string;
  to?: string;
  onClick?: () => void;
}) {
  return (
    <p className="text-center text-sm text-muted">
      {prompt}{' '}
      {onClick ? (
        <button type="button" onClick={onClick} className={linkClass}>
          {action}
        </button>
      ) : (
        <Link to={to ?? '/'} className={linkClass}>
          {action}
        </Link>
      )}
    </p>
  );
}
