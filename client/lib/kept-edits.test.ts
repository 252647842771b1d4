import { describe, expect, it } from 'vitest';
import { keptEdits } from './kept-edits';

describe('keptEdits', () => {
  it('takes the answer where nothing was typed since the save, and keeps what was', () => {
    const sent = { inn: '7700000000', email: 'shop@example.ru', password: 'secret' };
    const now = { ...sent, email: 'studio@example.ru' };
    // The server trimmed nothing here but cleared the password it never answers.
    expect(keptEdits(now, sent, { ...sent, password: '' })).toEqual({ inn: '7700000000', email: 'studio@example.ru', password: '' });
    expect(keptEdits(sent, sent, { ...sent, inn: '7700000001' })).toEqual({ ...sent, inn: '7700000001' });
  });
});
