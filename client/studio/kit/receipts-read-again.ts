/**
 * When a screen reads its receipts again while one is on its way (or a read failed): every 2 s for the first minute,
 * then every 15 s for as long as the screen is open. It used to stop after 30 reads, and a receipt the server
 * registered later (held for a device's print, a register waiting for paper, a loaded server) stayed «в очереди» on an
 * open order page until it was reloaded: a loaded test run saw it (`e2e/unprinted-release`).
 */
export const receiptsReadAgainMs = (reads: number): number => (reads <= 30 ? 2_000 : 15_000);
