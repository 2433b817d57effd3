/** Channels of docs/contract.md §1 with their ids (§9). */
export const CHANNELS = ['ebiz', 'wec', 'ca', 'iinquiry'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The user agents of phones, whose default channel is wec (ebiz on desktop, docs/contract.md §1).
 * Here, not in the web app, as index.html's early exchange needs it too (apps/web/vite.config.ts).
 */
export const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|MicroMessenger|HarmonyOS/i;

export const CHANNEL_IDS: Readonly<Record<Exclude<Channel, 'iinquiry'>, number>> = {
  ebiz: 87705,
  wec: 87704,
  ca: 87626,
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}
