// The camera button on one's own avatar (spec 001 §2.1): pick an image file (anything else is refused
// with 'Invalid file type'), adjust it in the crop dialog, and upload it; the spec's success and
// failure toasts. The dialog and its cropper load only once a file is picked.
import { Camera } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { profilePictureTexts } from '@contracts/profile-picture';
import { toast } from '@/lib/toast-store';
import { useUploadProfilePicture } from '../api/profile-picture';
import { cropToJpeg } from '../crop-image';

/** Whether the browser can decode the file as an image (its pixels, not just its name). */
const decodes = async (file: File) => {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
};

const ProfilePictureDialog = lazy(async () => ({ default: (await import('./profile-picture-dialog')).ProfilePictureDialog }));

export const ProfilePicturePicker = ({ userId }: { userId: string }) => {
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const upload = useUploadProfilePicture(userId);

  // The object URL lives as long as the dialog shows it.
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // The type comes from the file's name: a text file named .png says image/png. Decoding it proves it is
    // one, before the crop dialog would show a broken image.
    if (!file.type.startsWith('image/') || !(await decodes(file))) {
      toast.error(profilePictureTexts.invalidTypeTitle, profilePictureTexts.invalidType);
      return;
    }
    setSrc(URL.createObjectURL(file));
  };

  const save = async (area: Area) => {
    if (!src) return;
    try {
      const picture = await cropToJpeg(src, area);
      await upload.mutateAsync(picture);
      setSrc(null);
      toast.success(profilePictureTexts.successTitle, profilePictureTexts.success);
    } catch {
      toast.error(profilePictureTexts.failureTitle, profilePictureTexts.failure);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="absolute right-0 bottom-0 rounded-full bg-brand-600 p-2 text-white shadow-md ring-2 ring-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        aria-label="Change profile picture"
        data-testid="change-picture"
      >
        <Camera className="h-4 w-4" />
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid="picture-input"
        tabIndex={-1}
        aria-hidden
      />
      {src !== null && (
        <Suspense fallback={null}>
          <ProfilePictureDialog key={src} src={src} onCancel={() => setSrc(null)} onSave={(area) => void save(area)} saving={upload.isPending} />
        </Suspense>
      )}
    </>
  );
};
