let last = 0;

/**
 * A time stamp for document ids that sort by age: the clock in milliseconds, never repeating within this process,
 * padded so that ids compare as numbers. (Two processes cannot send one phone two codes in one millisecond:
 * the cooldown allows one per slot.)
 */
export const orderedStamp = (): string => {
  last = Math.max(Date.now(), last + 1);
  return String(last).padStart(13, '0');
};
