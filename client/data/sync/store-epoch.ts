/**
 * The server's store epoch (server/ops/store-epoch.ts), as this device knows it. A restore from a backup gives the
 * store a new epoch; the device's replication checkpoints were made against the store before it, so they point past
 * the restored databases' sequences (nothing new is pulled) and mark as sent what the restored store lacks. Every
 * replication's identifier carries the epoch its checkpoints belong to (`suffix`): meeting a new epoch starts fresh
 * replications, which pull everything again and push every document of the device, the server keeping what it
 * already holds (a conflict the collection's handler settles) and taking what it lacks.
 *
 * The first epoch a device meets is adopted as it is (a device that synced before epochs existed keeps its
 * checkpoints): only a change of epoch restarts. Kept in localStorage, per device database, beside the checkpoints'
 * own lifetime: the leader tab replicates and writes it; in Node (tests) the process's memory.
 */
export const storeEpochHeader = 'x-store-epoch';

interface Known {
  /** The last epoch met. */
  epoch?: string;
  /** The epoch the replications' checkpoints were started under: '' for those started before any change was met. */
  suffix: string;
  /**
   * The epoch whose restore this device has not finished handling (restored-store.ts: its lost orders put back into the
   * outbox, its server copies dropped). Written in the same write as the new epoch, so a tab closed right after meeting
   * it still knows at its next open that the re-queue is to be done; cleared once it is.
   */
  requeue?: string;
}

const memory = new Map<string, Known>();
const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};
const keyOf = (device: string) => `store-epoch:${device}`;
const read = (device: string): Known => {
  const s = storage();
  if (!s) return memory.get(device) ?? { suffix: '' };
  try {
    const parsed = JSON.parse(s.getItem(keyOf(device)) ?? 'null') as unknown;
    if (parsed && typeof parsed === 'object' && 'suffix' in parsed && typeof parsed.suffix === 'string')
      return {
        suffix: parsed.suffix,
        ...('epoch' in parsed && typeof parsed.epoch === 'string' ? { epoch: parsed.epoch } : {}),
        ...('requeue' in parsed && typeof parsed.requeue === 'string' ? { requeue: parsed.requeue } : {}),
      };
  } catch {
    // A broken entry is as none: the next epoch met is adopted.
  }
  return { suffix: '' };
};
const write = (device: string, known: Known) => {
  memory.set(device, known);
  try {
    storage()?.setItem(keyOf(device), JSON.stringify(known));
  } catch {
    // Full or refused: the process's memory keeps it for this tab.
  }
};

export interface StoreEpochs {
  /** What a replication's identifier ends with: the epoch its checkpoints belong to ('' before any change). */
  suffix(): string;
  /** How many changes of epoch this device met while running: a replication started before a change is stale. */
  generation(): number;
  /** An answer named `epoch`: adopted if none is known, else a change restarts the replications (`onChange`). */
  meet(epoch: string | null): void;
  /** A restore met earlier (in this tab or one closed before it finished) whose re-queue is not done yet. */
  requeuePending(): boolean;
  /**
   * At open, before any replication starts: if a re-queue is pending, the replications take a new suffix, so none
   * carries on from a checkpoint made before the copies are dropped again (a customer's orders pulled under the
   * epoch, then dropped, would never be pulled again). Answers whether the re-queue is to be done now.
   */
  resumeRequeue(): boolean;
  /** The re-queue for the current epoch is done (restored-store.ts): the next open need not do it again. */
  requeueDone(): void;
}

/**
 * The epochs of one device database (`device`: its name); `onChange` restarts its replications under the new suffix.
 * The tab remembers the suffix its replications run under: a tab that becomes the leader after another tab met a new
 * epoch (and wrote it down) finds its suffix behind the stored one at its first answer, and restarts too.
 */
export const storeEpochs = (device: string, onChange: () => void): StoreEpochs => {
  let generation = 0;
  let current = read(device).suffix;
  return {
    suffix: () => current,
    generation: () => generation,
    meet(epoch) {
      if (!epoch) return; // a server from before epochs
      const known = read(device);
      if (known.epoch === undefined) write(device, { ...known, epoch });
      else if (known.epoch !== epoch) write(device, { epoch, suffix: epoch, requeue: epoch });
      const stored = read(device).suffix;
      if (stored === current) return;
      current = stored;
      generation++;
      onChange();
    },
    requeuePending: () => read(device).requeue !== undefined,
    resumeRequeue() {
      const known = read(device);
      if (known.requeue === undefined) return false;
      current = `${known.requeue}~${Date.now().toString(36)}`;
      write(device, { ...known, suffix: current });
      return true;
    },
    requeueDone() {
      const { requeue: _done, ...known } = read(device);
      write(device, known);
    },
  };
};

/** Thrown at a replication whose store was restored under it: its answer must not move the old checkpoints. */
export class StoreRestored extends Error {
  constructor() {
    super('Данные магазина восстановлены из резервной копии: синхронизация начинается заново');
  }
}
