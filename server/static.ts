import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * The built client. Hashed assets are cached for a year; index.html and the service worker never,
 * so a new build reaches every device on its next visit. Any other GET path is the app's own route.
 */
export const clientFiles = (distDir: string): Router => {
  const files = Router();
  const index = path.join(distDir, 'index.html');
  files.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        const name = path.basename(file);
        if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) res.setHeader('cache-control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  files.get('*', (_req, res) => {
    if (!fs.existsSync(index)) return void res.status(503).type('text/plain; charset=utf-8').send('Клиент не собран: выполните npm run build');
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
  return files;
};
