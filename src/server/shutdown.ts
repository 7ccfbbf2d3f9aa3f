/**
 * Runs the shutdown steps, or gives up at the deadline: a request or a mail server that hangs
 * must not keep a stopping instance alive past what the orchestrator allows (SIGKILL follows).
 */
export async function shutdownWithin(deadlineMs: number, steps: () => Promise<void>): Promise<'done' | 'deadline'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    return await Promise.race([steps().then(() => 'done' as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
