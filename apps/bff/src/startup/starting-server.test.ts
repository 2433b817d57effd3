import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { holdPortWhileStarting, type StartingServer } from './starting-server.ts';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function get(port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

let holding: StartingServer | null = null;
afterEach(async () => {
  await holding?.close();
  holding = null;
});

describe('the port held while the server starts', () => {
  it('answers probes with the start-up step: alive on /healthz, not ready on /readyz', async () => {
    const port = await freePort();
    holding = await holdPortWhileStarting(port, '127.0.0.1');
    holding.step('seeding the demo: orders 40 %');
    const health = await get(port, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', starting: 'seeding the demo: orders 40 %' });
    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', notReady: { startUp: 'seeding the demo: orders 40 %' } });
  });

  it('asks every other caller to retry: the envelope for /bff calls, a line of text for pages', async () => {
    const port = await freePort();
    holding = await holdPortWhileStarting(port, '127.0.0.1');
    holding.step('migrating the database');
    const call = await get(port, '/bff/v1/common/getConfig');
    expect(call.status).toBe(503);
    expect(call.headers['retry-after']).toBe('5');
    expect(JSON.parse(call.body)).toMatchObject({ code: Code.RETRY, success: false, data: null });
    const page = await get(port, '/front/');
    expect(page.status).toBe(503);
    expect(page.body).toContain('starting (migrating the database)');
  });

  it('refuses the start when the port is taken, in one line naming it', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      await expect(holdPortWhileStarting(port, '127.0.0.1')).rejects.toThrow(
        `port ${port} is in use (another ABO Inquiry?); choose one with PORT=…`,
      );
    } finally {
      other.close();
    }
  });

  it('frees the port for the app once closed, even with a probe’s connection kept alive', async () => {
    const port = await freePort();
    const held = await holdPortWhileStarting(port, '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) =>
      http.get({ port, host: '127.0.0.1', path: '/healthz', agent }, (res) => res.resume().on('end', resolve)),
    );
    await held.close();
    const app = net.createServer();
    await new Promise<void>((resolve, reject) => {
      app.once('error', reject);
      app.listen({ port, host: '127.0.0.1', exclusive: true }, resolve);
    });
    app.close();
    agent.destroy();
  });
});
