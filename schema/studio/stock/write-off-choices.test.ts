import { describe, expect, it } from 'vitest';
import { writeOffChoices, writeOffUses } from './write-off-choices';

const flower = (id: string, title: string) => ({ id, title });
const flowers = [flower('rose', 'Роза'), flower('mum', 'Хризантема'), flower('tulip', 'Тюльпан'), flower('fern', 'Папоротник'), flower('gyps', 'Гипсофила')];
const stock: Record<string, number> = { rose: 12, mum: 40, tulip: 0, fern: 3, gyps: -2 };

describe('the write-off screen’s quick choices (issue 29, item 6)', () => {
  it('offers only what the warehouse holds, the most written off first, then the latest, then by name', () => {
    const acts = [
      { createdAt: 1, flowers: ['tulip', 'fern'] },
      { createdAt: 2, flowers: ['tulip'] },
      { createdAt: 3, flowers: ['rose'] },
      { createdAt: 4, flowers: ['fern'] },
    ];
    const uses = writeOffUses(acts);
    expect(writeOffChoices(flowers, (id) => stock[id], uses, 8).map((f) => f.id)).toEqual(['fern', 'rose', 'mum']);
    expect(writeOffChoices(flowers, (id) => stock[id], new Map(), 8).map((f) => f.title)).toEqual(['Папоротник', 'Роза', 'Хризантема']);
    expect(writeOffChoices(flowers, (id) => stock[id], uses, 1).map((f) => f.id)).toEqual(['fern']);
  });
});
