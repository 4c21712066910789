// The composer's attachments (spec 001 §2.4): 'Photo/Video' uploads through POST /api/media/upload
// then PUT, each file checked first against the spec's types and sizes (§5, alerts naming the limits);
// the list shows each with a remove button, and images get an aspect-ratio choice.
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Button } from '@/ui/button';
import { Select } from '@/ui/input';
import { fileProblem, uploadMedia } from '../api/media-api';
import { ASPECT_RATIOS, MAX_MEDIA_ATTACHMENTS, uploadFailedMessage } from '../feed-constants';
import type { MediaAttachment } from '../feed-constants';
import { aspectStyle } from './post-media';

export interface MediaPickerProps {
  media: MediaAttachment[];
  onChange: (media: MediaAttachment[]) => void;
  onBusy: (busy: boolean) => void;
}

const ratioLabel = (ratio: string) => (ratio === 'custom' ? 'Original' : ratio);

export const MediaPicker = ({ media, onChange, onBusy }: MediaPickerProps) => {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [uploading, setUploading] = useState(0);
  // The latest list, for uploads that finish after others changed it.
  const current = useRef(media);
  current.current = media;

  const upload = async (files: File[]) => {
    const room = MAX_MEDIA_ATTACHMENTS - current.current.length;
    for (const file of files.slice(room)) toast.warning(`"${file.name}" was not added: a post has at most ${MAX_MEDIA_ATTACHMENTS} attachments.`);
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const problem = fileProblem(file);
      if (problem) toast.error(uploadFailedMessage(file.name, problem));
      return !problem;
    });
    if (accepted.length === 0) return;
    setUploading((n) => n + accepted.length);
    onBusy(true);
    await Promise.all(
      accepted.map(async (file) => {
        try {
          const attachment = await uploadMedia(file);
          onChange([...current.current, attachment]);
        } catch (error) {
          toast.error(uploadFailedMessage(file.name, errorText(error, error instanceof Error ? error.message : '')));
        } finally {
          setUploading((n) => {
            if (n - 1 === 0) onBusy(false);
            return n - 1;
          });
        }
      }),
    );
  };

  const setRatio = (id: string, aspectRatio: MediaAttachment['aspectRatio']) => onChange(media.map((m) => (m.id === id ? { ...m, aspectRatio } : m)));

  return (
    <div className="space-y-3">
      {media.length > 0 && (
        <ul className="grid grid-cols-2 gap-3" aria-label="Attachments" data-testid="composer-media">
          {media.map((m) => (
            <li key={m.id} className="space-y-1.5">
              <div className="relative overflow-hidden rounded-xl bg-slate-100">
                {m.type === 'video' ? (
                  <video src={m.url} className="w-full object-cover" style={aspectStyle(m)} muted />
                ) : (
                  <img src={m.url} alt={m.title ?? 'Attached image'} className="w-full object-cover" style={aspectStyle(m)} />
                )}
                <button
                  type="button"
                  onClick={() => onChange(media.filter((other) => other.id !== m.id))}
                  aria-label={`Remove ${m.type}`}
                  className="absolute top-1.5 right-1.5 rounded-full bg-slate-900/70 p-1 text-white hover:bg-slate-900"
                  data-testid="remove-media"
                >
                  <X className="h-4 w-4" />
                </button>
              </div>
              {m.type === 'image' && (
                <Select
                  aria-label="Aspect ratio"
                  value={m.aspectRatio ?? 'custom'}
                  onChange={(e) => setRatio(m.id, e.target.value as MediaAttachment['aspectRatio'])}
                  className="h-8 text-xs"
                >
                  {ASPECT_RATIOS.map((ratio) => (
                    <option key={ratio} value={ratio}>
                      {ratioLabel(ratio)}
                    </option>
                  ))}
                </Select>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*,video/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Photo or video files"
        data-testid="media-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void upload(files);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        onClick={() => input.current?.click()}
        loading={uploading > 0}
        disabled={media.length >= MAX_MEDIA_ATTACHMENTS}
        data-testid="add-media"
      >
        {uploading === 0 && <ImagePlus className="h-4 w-4" />} Photo/Video
      </Button>
      <p className="text-xs text-slate-500">Images up to 2 MB, videos up to 10 MB.</p>
    </div>
  );
};
