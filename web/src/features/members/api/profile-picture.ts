// The profile picture's upload (spec 001 §7): ask for an upload, PUT the cropped JPEG there with the
// headers given (a presigned URL's signature binds them), then set it. The member's profile, the nav
// bar and every avatar follow through the 'user' change, here at once and for others by the websocket.
import { useMutation } from '@tanstack/react-query';
import type { ProfilePicture, ProfilePictureUpload } from '@contracts/profile-picture';
import { ApiError, sendJson } from '@/lib/http';
import { useInvalidateChanges } from '@/lib/stale-keys';

const putFailure = async (response: Response): Promise<ApiError> => {
  let message: string | null = null;
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    // S3 answers XML: the status says enough.
  }
  return new ApiError(`Upload failed: ${response.statusText || response.status}`, response.status, message);
};

export const uploadProfilePicture = async (userId: string, picture: Blob): Promise<ProfilePicture> => {
  const base = `/api/users/${encodeURIComponent(userId)}/profile-picture`;
  const ticket = await sendJson<ProfilePictureUpload>(`${base}/upload-url`, { body: { contentType: 'image/jpeg', size: picture.size } });
  const put = await fetch(ticket.uploadUrl, { method: ticket.method, body: picture, headers: ticket.headers });
  if (!put.ok) throw await putFailure(put);
  return sendJson<ProfilePicture>(base, { body: { uploadId: ticket.uploadId, imageUrl: ticket.imageUrl } });
};

export const useUploadProfilePicture = (userId: string) => {
  const invalidateChanges = useInvalidateChanges();
  return useMutation({
    mutationFn: (picture: Blob) => uploadProfilePicture(userId, picture),
    // A new picture is the member's profile and nothing else (onboarding's steps do not count it).
    onSuccess: () => invalidateChanges([{ scope: 'user', id: userId, about: 'profile' }]),
  });
};
