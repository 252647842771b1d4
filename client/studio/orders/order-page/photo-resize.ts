/** The largest side of a bouquet photo sent from the device, and the size the data URL should stay under. */
const maxSide = 1600;
const maxBytes = 400_000;

/** The size a picture of w × h is drawn at so that neither side exceeds `side` (never enlarged). */
export const fitWithin = (w: number, h: number, side = maxSide): { width: number; height: number } => {
  const scale = Math.min(1, side / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
};

/** Bytes a base64 data URL carries. */
export const dataUrlBytes = (url: string): number => {
  const b64 = url.slice(url.indexOf(',') + 1);
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
};

/**
 * A photo from the camera or a file, made a JPEG of at most 1600 px a side and under ~400 KB on the device (a phone
 * photo is 3–8 MB: it would not fit the command, and the studio's network on 8 March is a phone's). Lower quality
 * first, then a smaller picture, until it fits. Throws a Russian message when the file is no picture.
 */
export const resizePhoto = async (file: Blob): Promise<string> => {
  if (!file.type.startsWith('image/')) throw new Error('Это не фотография: выберите снимок букета');
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error('Не удалось открыть снимок: выберите фотографию JPEG, PNG или WebP');
  });
  try {
    let side = maxSide;
    for (;;) {
      const { width, height } = fitWithin(bitmap.width, bitmap.height, side);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('Браузер не может обработать снимок');
      ctx.drawImage(bitmap, 0, 0, width, height);
      for (const quality of [0.85, 0.75, 0.65, 0.55]) {
        const url = canvas.toDataURL('image/jpeg', quality);
        if (dataUrlBytes(url) <= maxBytes) return url;
      }
      if (side <= 400) throw new Error('Снимок не удаётся уменьшить: выберите другой');
      side = Math.round(side * 0.75);
    }
  } finally {
    bitmap.close();
  }
};
