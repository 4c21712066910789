// Draws the cropped square of a picture on a canvas and encodes it as JPEG (spec 001 §2.1, §9: a
// square crop at quality 0.95). The square is drawn at most CROP_OUTPUT_MAX_PX wide: the server keeps
// 256 px at most, so larger would only be bytes to send.
import { CROP_JPEG_QUALITY, CROP_OUTPUT_MAX_PX } from '@contracts/profile-picture';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });

/** The output side for a crop of `side` source pixels. */
export const outputSide = (side: number): number => Math.max(1, Math.min(CROP_OUTPUT_MAX_PX, Math.round(side)));

export const cropToJpeg = async (src: string, area: PixelArea): Promise<Blob> => {
  const image = await loadImage(src);
  const side = outputSide(Math.min(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the picture');
  // JPEG has no transparency: a transparent PNG gets a white background rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))), 'image/jpeg', CROP_JPEG_QUALITY),
  );
};
