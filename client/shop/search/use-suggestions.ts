import { useEffect, useMemo, useRef } from 'react';
import type { LocalData } from '../../data/database';
import { findLocally, productFinder } from './find-products';
import { createSuggestions, type FindSuggestions } from './suggestions';

/**
 * The header's suggestions, one controller for the panel's life. Offline they come from the device's catalogue once
 * its store is open; the store opening must not start a new controller, or what the shopper is typing (the first
 * keystroke is what opens the store) is wiped from the input.
 */
export const useSuggestions = (data: LocalData | undefined, server?: FindSuggestions) => {
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);
  const controller = useMemo(
    () => createSuggestions(productFinder((q) => (latest.current ? findLocally(latest.current, q) : Promise.resolve([])), server)),
    [server],
  );
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
};
