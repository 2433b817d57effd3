// A port taken by another process, found before the start migrates or seeds anything
// (startup/starting-server.ts holds it from the first moment).

export function portInUseMessage(port: number): string {
  return `port ${port} is in use (another ABO Inquiry?); choose one with PORT=…`;
}
