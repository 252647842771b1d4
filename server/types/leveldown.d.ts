declare module 'leveldown' {
  export type Callback = (err?: Error | null) => void;
  export interface WriteOptions {
    sync?: boolean;
  }
  export interface ChainedBatch {
    _write(options: WriteOptions, callback: Callback): void;
  }
  export interface LevelDown {
    location: string;
    _put(key: unknown, value: unknown, options: WriteOptions, callback: Callback): void;
    _del(key: unknown, options: WriteOptions, callback: Callback): void;
    _batch(operations: unknown[], options: WriteOptions, callback: Callback): void;
    _chainedBatch(): ChainedBatch;
  }
  export interface LevelDownConstructor {
    (location: string): LevelDown;
    prototype: LevelDown;
    destroy(location: string, callback: Callback): void;
    repair(location: string, callback: Callback): void;
  }
  const leveldown: LevelDownConstructor;
  export default leveldown;
}
