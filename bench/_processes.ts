/**
 * The processes a bench starts and watches (Linux): children that print their port, and the CPU
 * each process has used, read from /proc so reading it costs the measured processes nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * Starts node with `args` and answers the lines it prints on stdout, one at a time (`nextLine`):
 * the first is {"port"}, read before this answers. `name` says which child failed.
 */
export async function startChild(name: string, args: string[], env: NodeJS.ProcessEnv) {
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      proc.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    });
  const port = (JSON.parse(await nextLine()) as { port: number }).port;
  return { proc, port, nextLine };
}

/** CPU seconds (user + system) each process has used: /proc/<pid>/stat's utime and stime, in clock ticks of 1/100 s. */
export function cpuByProcess(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A process that ended between the listing and the read (a database backend) counts nothing.
    }
  }
  return seconds;
}

export function cpuSeconds(pids: number[]): number {
  return [...cpuByProcess(pids).values()].reduce((a, b) => a + b, 0);
}

/**
 * The CPU seconds the processes used between two readings of cpuByProcess: a process that ended
 * in between takes its time with it (not counted), one that started counts whole.
 */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

/** The processes of the local PostgreSQL server (its backends serve the bench's server). */
export function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}
