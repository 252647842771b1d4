/* Staff Web Push in the service worker (issue 30, item 5), brought in by workbox `importScripts` (vite.config.ts).
 * The server's payload is { title, body, url, tag } (schema/studio/team/staff-push.ts `staffPushMessage`): shown as a
 * notification; a tap focuses a tab of the shop already on that order, else any of its tabs moved there, else a new one. */
self.addEventListener('push', (event) => {
  let message = { title: 'Цветочная мастерская', body: '', url: '/admin/orders', tag: 'order' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    // A payload that is not JSON still tells staff to look at the orders.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url }, icon: '/icon.svg' }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/admin/orders', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const same = tabs.find((t) => t.url === url);
      if (same) return same.focus();
      const any = tabs.find((t) => new URL(t.url).origin === self.location.origin);
      if (any) return any.navigate(url).then((t) => (t ? t.focus() : self.clients.openWindow(url)));
      return self.clients.openWindow(url);
    }),
  );
});
