import fs from 'node:fs';

/** Inspector is a DevTools protocol session with another Node process (the server under a bench). */
export interface Inspector {
  call(method: string, params?: object): Promise<unknown>;
  close(): void;
}

/**
 * openInspector connects to the inspector of a running Node process on `port`. A process started with --inspect is
 * already listening; with `pid`, any other is asked to open its inspector (SIGUSR1) first.
 */
export async function openInspector(port: number, pid?: number): Promise<Inspector> {
  const list = () =>
    fetch(`http://127.0.0.1:${port}/json/list`).then(
      (r) => r.json() as Promise<{ webSocketDebuggerUrl: string }[]>,
      () => [],
    );
  let targets = await list();
  if (!targets.length && pid !== undefined) process.kill(pid, 'SIGUSR1');
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
  return {
    call: (method, params = {}) =>
      new Promise<unknown>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** inspectorEval runs an expression (awaited) in the process on `port` and returns its value. */
export async function inspectorEval(port: number, expression: string): Promise<string> {
  const inspector = await openInspector(port);
  try {
    const { result } = (await inspector.call('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as { result: { value: string } };
    return result.value;
  } finally {
    inspector.close();
  }
}

/**
 * profileWindow CPU-profiles a running Node process between start() and stop(), so a profile holds only a bench's
 * measured window, not its start-up or seeding.
 */
export async function profileWindow(pid: number, port = 9229) {
  const inspector = await openInspector(port, pid);
  await inspector.call('Profiler.enable');
  await inspector.call('Profiler.setSamplingInterval', { interval: 500 });
  return {
    start: () => inspector.call('Profiler.start'),
    /** stop writes the profile (Chrome DevTools' .cpuprofile format) to `file`. */
    async stop(file: string) {
      const { profile } = (await inspector.call('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(file, JSON.stringify(profile));
      inspector.close();
    },
  };
}
