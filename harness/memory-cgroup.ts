// A memory cgroup for the scale benchmark's step processes (`npm run bench -- --scale --memory 256`):
// each runs as Zapier's runtime runs a step, in a fixed amount of memory, where Node sizes V8's heap from
// that amount (its young generation from 16 MB semi-spaces on this machine down to about 1 MB) and a
// process past it is killed. Needs root and a writable memory controller (cgroup v2, else v1).
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MemoryCgroup {
  /** The command and arguments that run `command args` inside the cgroup. */
  wrap(command: string, args: readonly string[]): [string, string[]];
  remove(): void;
}

export const memoryCgroup = (megabytes: number): MemoryCgroup => {
  const name = `opnform-scale-${process.pid}`;
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const dir = v2 ? join('/sys/fs/cgroup', name) : join('/sys/fs/cgroup/memory', name);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, v2 ? 'memory.max' : 'memory.limit_in_bytes'), String(megabytes * 1024 * 1024));
  } catch (error) {
    throw new Error(
      `--memory ${megabytes}: could not make a memory cgroup at ${dir} (${(error as Error).message}); ` +
        'it needs root and a writable cgroup memory controller.',
    );
  }
  return {
    wrap: (command, args) => [
      'sh',
      ['-c', `echo $$ > ${join(dir, 'cgroup.procs')} && exec "$0" "$@"`, command, ...args],
    ],
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // still in use (a process left over): the kernel removes it with its last process gone and a reboot
      }
    },
  };
};
