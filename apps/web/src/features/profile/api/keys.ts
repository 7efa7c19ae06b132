/** Query keys of the profile pages; mutations replace exactly the record they changed. */
export const profileKeys = {
  /** GET /api/client/{id}: the client's own profile. */
  client: (userId: string) => ['profile', 'client', userId] as const,
  /** GET /api/admin/{id}: an admin's profile. */
  admin: (id: string) => ['profile', 'admin', id] as const,
};
