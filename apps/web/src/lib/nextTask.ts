/** nextTask yields to the page through a message task: unlike setTimeout(0), it is not clamped to 4 ms when repeated. */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
