import { spawn, type ChildProcess } from 'node:child_process';
import { serverEntry } from './server-entry';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** kill -9: no shutdown, no flush, as a power cut or the OOM killer would. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** Limits that a test's many customers behind one address would hit; each test states what it relies on. */
export const testEnv = {
  SHOP_MODE: 'demo',
  QUIET: '1',
  CODE_COOLDOWN_MS: '0',
  LOGINS_PER_IP_PER_HOUR: '100000',
  LOGINS_PER_IP_PER_DAY: '100000',
  VERIFIES_PER_IP_PER_HOUR: '100000',
  CODES_PER_HOUR: '100000',
  ORDERS_PER_HOUR: '100000',
  UNCONFIRMED_ORDERS: '100000',
};

const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

/** Starts `server/main.ts` as its own process (PORT 0) and answers its address once it listens. */
export const startServerProcess = (env: Record<string, string>): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serverEntry(), {
      // As in test shops, the books start empty: the demo's recipes and their stems (server/seed/recipes.ts) only when a test asks.
      // A test's server stops at once unless it asks for the production grace (server/http/drain.ts).
      env: { ...process.env, PORT: '0', SEED_RECIPES: '0', STOP_GRACE_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /localhost:(\d+)/.exec(String(chunk))?.[1];
      if (port)
        resolve({
          url: `http://127.0.0.1:${port}`,
          child,
          async crash() {
            child.kill('SIGKILL');
            await exited(child);
          },
          async stop() {
            child.kill('SIGTERM');
            await exited(child);
          },
        });
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}`)));
  });
