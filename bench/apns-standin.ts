import { startMockApns } from '@lease/device-sim';

// The APNs stand-in in a process of its own, so the `apns` bench's CPU and memory are the client's alone.
// Prints its origin, then answers until stdin closes.
const mock = await startMockApns();
let received = 0;
mock.onPush(() => {
  received++;
  // Keep the stand-in's own memory flat: the bench counts pushes, not their bodies.
  mock.received.length = 0;
});
console.log(mock.origin);
process.stdin.on('data', () => console.log(received));
process.stdin.on('end', () => mock.close().then(() => process.exit(0)));
