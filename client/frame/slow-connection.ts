interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Spec §9: no prefetching on slow or data-saver connections. */
export const prefersNoPrefetch = (connection = (navigator as Navigator & { connection?: NetworkInformation }).connection): boolean =>
  !!connection && (connection.saveData === true || ['slow-2g', '2g'].includes(connection.effectiveType ?? ''));
