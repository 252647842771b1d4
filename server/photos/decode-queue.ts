import os from 'node:os';
import { HttpError } from '../http/errors';

/**
 * At most `size` tasks run at once, the rest wait in the order they came, at most `mostWaiting` of them (one more is
 * refused with `full()`). A waiting task holds only its closure (an upload's bytes), no thread: each running one takes
 * a thread of libuv's pool of four, which also serves the database's reads and the files, so a burst of decodes would
 * stall every other request of the process.
 */
export const workQueue = (size: number, mostWaiting: number, full: () => Error) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < size) running++;
      else if (waiting.length >= mostWaiting) throw full();
      // A finished task hands its place straight to the first waiting one, so `running` stays as it is then.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Tasks waiting for a place now. */
    get waiting(): number {
      return waiting.length;
    },
  };
};

/**
 * Decodes of uploaded pictures at once in this process: one on a machine of two cores (the other serves the shop),
 * two from four up. Per process by design: it protects this process's cores; what one person may send, across every
 * app server, is the upload rate (server/photos/item-upload.ts), kept in the store.
 */
const decodesAtOnce = Math.max(1, Math.min(2, os.availableParallelism() - 2));

/** Decodes that may wait: sixteen uploads hold at most 160 MB of bodies, and the last waits some 16 s. */
export const decodesWaiting = 16;

/**
 * The one queue every decode of a picture in this process goes through: uploads (server/photos/item-image.ts) and the
 * drawn pictures' PNGs (server/api/images.ts). Full, it answers 503.
 */
export const decodeQueue = workQueue(
  decodesAtOnce,
  decodesWaiting,
  () => new HttpError(503, `Сервер сейчас обрабатывает много фото: в очереди уже ${decodesWaiting}, попробуйте через минуту`),
);
