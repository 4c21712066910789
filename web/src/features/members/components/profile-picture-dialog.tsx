// 'Adjust Profile Picture' (spec 001 §2.1, §9): the chosen picture under a round crop, a zoom slider
// from 1 to 3 in steps of 0.1, Cancel and Save. Save draws the square as a JPEG at 0.95 and uploads it.
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import type { Area, Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { CROP_ZOOM, profilePictureTexts } from '@contracts/profile-picture';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

export interface ProfilePictureDialogProps {
  /** An object URL of the chosen file; null closes the dialog. */
  src: string | null;
  onCancel: () => void;
  onSave: (area: Area) => void;
  saving: boolean;
}

export const ProfilePictureDialog = ({ src, onCancel, onSave, saving }: ProfilePictureDialogProps) => {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const zoomId = useId();
  const step = (by: number) => setZoom((z) => Math.min(CROP_ZOOM.max, Math.max(CROP_ZOOM.min, Math.round((z + by) * 10) / 10)));

  return (
    <Dialog
      open={src !== null}
      onOpenChange={(open) => !open && !saving && onCancel()}
      title={profilePictureTexts.dialogTitle}
      description="Drag the picture to place it in the circle, and zoom to fit."
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => area && onSave(area)} disabled={!area} loading={saving} data-testid="save-picture">
            Save
          </Button>
        </>
      }
    >
      <div className="relative h-72 overflow-hidden rounded-xl bg-slate-900 sm:h-80" data-testid="crop-area">
        {src && (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            minZoom={CROP_ZOOM.min}
            maxZoom={CROP_ZOOM.max}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            disableAutomaticStylesInjection
            mediaProps={{ alt: 'The picture to crop' }}
            // The crop area takes focus and moves the picture with the arrow keys: a widget of its own.
            cropperProps={{ role: 'application', 'aria-label': 'Crop area: drag or use the arrow keys to move the picture' } as never}
          />
        )}
      </div>
      <div className="mt-4 flex items-center gap-3">
        <Button variant="ghost" size="icon" onClick={() => step(-CROP_ZOOM.step)} disabled={zoom <= CROP_ZOOM.min} aria-label="Zoom out">
          <ZoomOut className="h-5 w-5" />
        </Button>
        <label htmlFor={zoomId} className="sr-only">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={CROP_ZOOM.min}
          max={CROP_ZOOM.max}
          step={CROP_ZOOM.step}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          aria-valuetext={`${zoom.toFixed(1)}x`}
          className="h-2 w-full cursor-pointer accent-brand-600"
          data-testid="zoom-slider"
        />
        <Button variant="ghost" size="icon" onClick={() => step(CROP_ZOOM.step)} disabled={zoom >= CROP_ZOOM.max} aria-label="Zoom in">
          <ZoomIn className="h-5 w-5" />
        </Button>
        <span className="w-10 text-right text-sm text-slate-600 tabular-nums" aria-hidden data-testid="zoom-value">
          {zoom.toFixed(1)}x
        </span>
      </div>
    </Dialog>
  );
};
