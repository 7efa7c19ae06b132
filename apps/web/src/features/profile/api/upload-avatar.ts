import type { TUser } from '@meridian/contracts/auth';
import { uploadAvatar as uploadAvatarEndpoint } from '@meridian/contracts/endpoints/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { syncSessionUser } from './sync-session';

/** PUT /api/user/profile/{userId}: multipart with one `image` file; answers the user with the new picture URL. */
export function uploadAvatar(userId: string, image: Blob) {
  return call(uploadAvatarEndpoint, { params: { userId }, body: { image } });
}

/** The new picture replaces the old one in the profile (client or admin) and in the header at once. */
export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: File) => uploadAvatar(userId, image),
    onSuccess: ({ user }) => {
      const replace = (old: TUser | undefined) => (old ? user : old);
      queryClient.setQueryData(queryKeys.client(userId), replace);
      queryClient.setQueryData(queryKeys.admin(userId), replace);
      syncSessionUser(user);
    },
  });
}
