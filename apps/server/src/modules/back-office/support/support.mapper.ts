import type { TSupportMessage } from '@meridian/contracts/support';
import type { TSupportMessageRow } from './support.repository.ts';

export function toApiSupportMessage(row: TSupportMessageRow): TSupportMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
