import fs from 'node:fs';

/**
 * profileWindow opens the inspector of a running Node process (SIGUSR1) and CPU-profiles it between start()
 * and stop(), so a profile holds only a bench's measured window, not its start-up or seeding.
 */
export async function profileWindow(pid: number, port = 9229) {
  const list = () => fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json() as Promise<{ webSocketDebuggerUrl: string }[]>, () => []);
  // A process started with --inspect is already listening; any other is asked to open its inspector.
  let targets = await list();
  if (!targets.length) process.kill(pid, 'SIGUSR1');
  for (let i = 0; i < 50 && !targets.length; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    targets = await list();
  }
  if (!targets.length) throw new Error('the process did not open its inspector');
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id) waiting.get(message.id)?.(message.result);
  };
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 500 });
  return {
    start: () => call('Profiler.start'),
    /** stop writes the profile (Chrome DevTools' .cpuprofile format) to `file`. */
    async stop(file: string) {
      const { profile } = (await call('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(file, JSON.stringify(profile));
      socket.close();
    },
  };
}
