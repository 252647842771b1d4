import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/memory-storage';
import { installStates } from './install-state';

describe('install prompt states (spec §1)', () => {
  it('offers the install prompt until it is dismissed, and remembers the dismissal', () => {
    const storage = memoryStorage();
    const first = installStates(storage);
    first.promptAvailable();
    expect(first.state$.value).toBe('prompt available');
    first.dismiss();
    expect(first.state$.value).toBe('dismissed');

    const afterReload = installStates(storage);
    expect(afterReload.state$.value).toBe('dismissed');
    afterReload.promptAvailable();
    expect(afterReload.state$.value).toBe('dismissed');
  });

  it('says when the app is ready offline, then goes quiet; says when an update waits', () => {
    const s = installStates(memoryStorage());
    s.offlineReady();
    expect(s.state$.value).toBe('offline ready');
    s.offlineNoticeShown();
    expect(s.state$.value).toBe('idle');
    s.updateWaiting();
    expect(s.state$.value).toBe('update waiting');
    s.offlineNoticeShown();
    expect(s.state$.value).toBe('update waiting');
  });
});
