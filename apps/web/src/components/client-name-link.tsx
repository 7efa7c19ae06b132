import { Link } from 'react-router';

/** A client's page in the back office. */
export const clientDetailsPath = (userId: string) => `/admin/client_details/${encodeURIComponent(userId)}`;

/**
 * The client of a row in an admin table that turns into cards below `xl`: the name over the email,
 * linking to the client's page; right-aligned on a card, left-aligned in the table.
 */
export function ClientNameLink({ userId, name, email }: { userId: string; name: string; email: string }) {
  return (
    <Link
      to={clientDetailsPath(userId)}
      className="group inline-flex min-w-0 max-w-44 flex-col rounded text-right hover:text-primary xl:text-left"
    >
      <span className="block truncate font-medium">{name}</span>
      <span className="block truncate text-xs text-muted group-hover:text-primary">{email}</span>
    </Link>
  );
}
