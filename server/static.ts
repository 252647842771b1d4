import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { withMeta, type PageMetaOf } from './seo/page-meta';
import { originOf } from './seo/search-engine-files';

/**
 * The built client. Hashed assets are cached for a year; index.html and the service worker never,
 * so a new build reaches every device on its next visit. Any other GET path is the app's own route,
 * answered with index.html carrying that page's title, description, Open Graph tags and JSON-LD.
 */
export const clientFiles = (distDir: string, metaOf: PageMetaOf): Router => {
  const files = Router();
  const index = path.join(distDir, 'index.html');
  files.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        const name = path.basename(file);
        if (name === 'sw.js' || name === 'index.html' || name === 'latest-build.json' || name.endsWith('.webmanifest')) res.setHeader('cache-control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  files.get('*', async (req, res, next) => {
    try {
      if (!fs.existsSync(index)) return void res.status(503).type('text/plain; charset=utf-8').send('Клиент не собран: выполните npm run build');
      const origin = originOf(req);
      const html = withMeta(await fs.promises.readFile(index, 'utf8'), await metaOf(req.path, origin), origin + req.path, origin);
      res.setHeader('cache-control', 'no-cache');
      res.type('html').send(html);
    } catch (e) {
      next(e);
    }
  });
  return files;
};
