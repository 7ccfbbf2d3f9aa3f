import net from 'node:net';

/**
 * The engine's network to the server: a TCP relay on the engine's own port. Cut, it refuses new
 * connections and drops the open ones, as a phone sees a server it cannot reach (neither engine's
 * automation can take a tab offline). One server then serves both engines, and cutting one
 * engine's network leaves the other's walk alone.
 */
export class NetworkSwitch {
  private listener: net.Server | undefined;
  private readonly open = new Set<net.Socket>();

  constructor(
    readonly port: number,
    private readonly serverPort: number,
  ) {}

  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  get isOn(): boolean {
    return this.listener !== undefined;
  }

  async restore(): Promise<void> {
    if (this.listener) return;
    const listener = net.createServer((incoming) => {
      const outgoing = net.connect(this.serverPort, '127.0.0.1');
      for (const socket of [incoming, outgoing]) {
        this.open.add(socket);
        socket.on('close', () => this.open.delete(socket));
        socket.on('error', () => {
          incoming.destroy();
          outgoing.destroy();
        });
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      // Both loopback addresses: engines resolve localhost to ::1 or 127.0.0.1.
      listener.listen({ port: this.port, host: '::', ipv6Only: false }, () => resolve());
    });
    this.listener = listener;
  }

  async cut(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    this.listener = undefined;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    await closed;
  }
}
