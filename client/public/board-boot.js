// A staff screen the server drew for a staff member (the orders board, an order page, the dashboard, the write-off form: server/render/renderer.ts
// `withDrawnScreen`) is read before the app runs: this script stands in the page for the app's entry and asks for it
// (and the screen's chunks, `data-chunks`) only when the page is touched, a key
// is pressed, at once under a service worker (a reopen), or when the browser is idle a while after load (issue 32,
// item 1). The entry's evaluation (react-dom, the router, zod's schemas) and the board's chunks were one to two
// seconds of main thread at the page's start on a slow phone, in the window a first look at the board falls in.
// Taps on buttons meanwhile are held and given again once the entry runs, whose own holding keeps them until the
// board is hydrated (client/lib/early-taps.ts). Why the entry came, `touch` or `idle`, is left on the page for the
// app (`data-woken` on <html>): a touch opens the device's store at once after hydration (client/main.tsx).
(() => {
  const script = document.currentScript;
  const entry = script && script.dataset.entry;
  if (!entry) return;
  const delayMs = 6000;
  const held = [];
  let woken = false;
  const hold = (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || button.disabled) return;
    e.preventDefault();
    e.stopPropagation();
    if (!held.includes(button)) held.push(button);
  };
  document.addEventListener('click', hold, true);
  const wake = (why) => {
    if (woken) return;
    woken = true;
    document.documentElement.dataset.woken = why;
    // The board's chunks come beside the entry, not after the router has asked for them.
    for (const file of [entry, ...(script.dataset.chunks || '').split(' ').filter(Boolean)]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
    import(entry).then(
      () => {
        document.removeEventListener('click', hold, true);
        for (const button of held) if (button.isConnected && !button.disabled) button.click();
      },
      () => document.removeEventListener('click', hold, true),
    );
  };
  if ('serviceWorker' in navigator && navigator.serviceWorker.controller) return wake('touch');
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => wake('touch'), { once: true, capture: true, passive: true });
  const later = () => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => wake('idle'), { timeout: 2000 }) : wake('idle')), delayMs);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
})();
