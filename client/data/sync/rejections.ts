import { Subject } from 'rxjs';

/** A document the server refused on push, with its reason in Russian. */
export interface Rejection {
  db: string;
  id: string;
  reason: string;
}

export const rejections$ = new Subject<Rejection>();
