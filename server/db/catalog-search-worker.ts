import { parentPort } from 'node:worker_threads';
import { catalogSearch } from '../../schema/shop/search';
import type { SearchAnswer, SearchMessage } from './catalog-search-thread';

/** The catalogue's search in its own thread: products arrive in the order they changed, queries are answered in turn. */
const port = parentPort!;
let search = catalogSearch([]);
port.on('message', (message: SearchMessage) => {
  switch (message.kind) {
    case 'load':
      search = catalogSearch(message.products);
      return;
    case 'put':
      message.products.forEach(search.put);
      return;
    case 'remove':
      message.ids.forEach(search.remove);
      return;
    case 'find': {
      const answer: SearchAnswer = { ask: message.ask, ids: search.find(message.query).map((p) => p.id) };
      port.postMessage(answer);
    }
  }
});
