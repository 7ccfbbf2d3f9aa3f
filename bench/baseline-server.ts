// The API benchmark's yardstick: a bare Fastify route answering a constant, on the same machine in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ data: { ok: true } }));
const port = Number(process.env.PORT ?? 0);
const address = await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
