import { describe, expect, it } from 'vitest';
import { careOf, categoryCare } from './care';

describe('the care a product page shows (issue 19)', () => {
  it('is the item’s own, else its category’s, else none', () => {
    expect(careOf({ category: 'authors', care: 'Только прохладная вода.' })).toBe('Только прохладная вода.');
    expect(careOf({ category: 'authors', care: '' })).toBe(categoryCare.authors);
    expect(careOf({ category: 'potted' })).toBe(categoryCare.potted);
    expect(careOf({ category: 'toys' })).toBeNull();
    expect(careOf({ category: 'toys', care: 'Стирать при 30 °C.' })).toBe('Стирать при 30 °C.');
  });
});
