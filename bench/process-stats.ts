import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (getconf CLK_TCK; 100 on Linux). */
const CLK_TCK = 100;

/**
 * cpuTimes reads /proc/<pid>/stat: the process's own user and system CPU so far, and that of its exited, reaped
 * children, in ms (0 if it has gone).
 */
export function cpuTimes(pid: number): { user: number; system: number; children: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ')': utime, stime, cutime, cstime are fields 14-17.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { user: (f[11] * 1000) / CLK_TCK, system: (f[12] * 1000) / CLK_TCK, children: ((f[13] + f[14]) * 1000) / CLK_TCK };
  } catch {
    return { user: 0, system: 0, children: 0 };
  }
}

/** cpuMs is a process's own CPU so far (user + system), in ms. */
export const cpuMs = (pid: number) => {
  const t = cpuTimes(pid);
  return t.user + t.system;
};

/** postgresPids lists every process named postgres on this machine (all databases, background workers too). */
function postgresPids(): number[] {
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

/**
 * allPostgresCpuMs is the CPU so far of PostgreSQL as a whole: every postgres process alive now, plus what the
 * postmaster has collected from backends and workers that exited, so the total only grows across a window.
 */
export const allPostgresCpuMs = () =>
  postgresPids().reduce((sum, pid) => {
    const t = cpuTimes(pid);
    return sum + t.user + t.system + t.children;
  }, 0);

export const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * serverStatements asks a server started with LEASE_STATEMENT_COUNT_FILE=countFile how many SQL statements it
 * has sent so far (SIGUSR2 makes it write the count to that file).
 */
export async function serverStatements(pid: number, countFile: string): Promise<number> {
  fs.rmSync(countFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  // A loaded box can take seconds to run the handler; the server renames the file into place whole.
  for (let i = 0; i < 1000 && !fs.existsSync(countFile); i += 1) await new Promise((r) => setTimeout(r, 10));
  return Number(fs.readFileSync(countFile, 'utf8'));
}
