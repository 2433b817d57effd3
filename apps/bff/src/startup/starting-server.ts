// The port is held from the first moment of a start: migrations and a first demo seed take a
// minute or more, and an orchestrator probing a port nobody listens on sees a dead process (and
// may restart it, seed and all). Until the app listens, a bare HTTP server answers: /healthz
// "alive, starting", /readyz 503 naming the start-up step, every other request 503 with
// Retry-After (the spec's envelope for /bff calls, a line of text otherwise). Holding the port
// is also the check that it is free, before anything is created.
import http from 'node:http';
import { Code, fail } from '@abo/contract';
import { portInUseMessage } from './port.ts';
import { StartupRefused } from './prepare-data.ts';

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export interface StartingServer {
  /** What the start is doing now ('migrating the database', 'seeding the demo: orders 40 %'…): /readyz names it. */
  step(text: string): void;
  /** Frees the port for the app (resolves once it is closed). */
  close(): Promise<void>;
}

/** Listens on `port` until close(); refuses the start (StartupRefused) when the port is taken. */
export async function holdPortWhileStarting(port: number, host: string): Promise<StartingServer> {
  let step = 'starting';
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0]!;
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        ...(status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (pathname === '/healthz') return send(200, 'application/json', JSON.stringify({ status: 'ok', starting: step }));
    if (pathname === '/readyz') return send(503, 'application/json', JSON.stringify({ status: 'not ready', notReady: { startUp: step } }));
    if (pathname.startsWith('/bff/')) {
      return send(503, 'application/json', JSON.stringify(fail(Code.RETRY, 'The service is starting, please retry in a few seconds')));
    }
    return send(503, 'text/plain; charset=utf-8', `ABO Inquiry is starting (${step}); try again in a few seconds.\n`);
  });
  // Probes hold no connection open: the app must get the port as soon as this server closes.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new StartupRefused(portInUseMessage(port)) : err),
    );
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
  return {
    step(text) {
      step = text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
