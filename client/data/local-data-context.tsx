import { createContext, useContext } from 'react';
import type { LocalData } from './database';
import type { ShopSync } from './sync/shop-sync';

export interface Local {
  data: LocalData;
  sync: ShopSync;
}

export const LocalDataContext = createContext<Local | null>(null);

/** The device's databases and their sync; present once main.tsx has opened them. */
export const useLocal = (): Local => {
  const local = useContext(LocalDataContext);
  if (!local) throw new Error('LocalDataContext is missing');
  return local;
};
