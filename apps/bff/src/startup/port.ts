// A port taken by another process, found before the start migrates or seeds anything.
import net from 'node:net';
import { StartupRefused } from './prepare-data.ts';

export function portInUseMessage(port: number): string {
  return `port ${port} is in use (another ABO Inquiry?); choose one with PORT=…`;
}

/** Refuses the start when `port` cannot be listened on; port 0 (any free one) always can. */
export async function ensurePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new StartupRefused(portInUseMessage(port)) : err),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
