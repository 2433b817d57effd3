/** Channels of docs/contract.md §1 with their ids (§9). */
export const CHANNELS = ['ebiz', 'wec', 'ca', 'iinquiry'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_IDS: Readonly<Record<Exclude<Channel, 'iinquiry'>, number>> = {
  ebiz: 87705,
  wec: 87704,
  ca: 87626,
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}
