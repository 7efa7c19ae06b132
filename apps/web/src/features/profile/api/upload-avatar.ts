import type { TUser } from '@meridian/contracts/auth';
import type { TAvatarUploadResponse } from '@meridian/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { syncSessionUser } from './sync-session';

/** PUT /api/user/profile/{userId}: multipart with one `image` file; answers the user with the new picture URL. */
export function uploadAvatar(userId: string, image: File): Promise<TAvatarUploadResponse> {
  return api<TAvatarUploadResponse>(`/user/profile/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    form: { image },
  });
}

/** The new picture replaces the old one in the profile (client or admin) and in the header at once. */
export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: File) => uploadAvatar(userId, image),
    onSuccess: ({ user }) => {
      const replace = (old: TUser | undefined) => (old ? user : old);
      queryClient.setQueryData(profileKeys.client(userId), replace);
      queryClient.setQueryData(profileKeys.admin(userId), replace);
      syncSessionUser(user);
    },
  });
}
