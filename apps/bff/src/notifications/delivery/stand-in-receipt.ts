// What the stand-in services (stand-in.ts) keep of each message they receive, and its page shows
// (stand-in-page.ts).

export type StandInService = 'wechat' | 'push';

export interface StandInReceipt {
  service: StandInService;
  /** When it arrived (the stand-in's clock), ISO-8601. */
  at: string;
  idempotencyKey: string | null;
  /** Whether the service answered "delivered". */
  accepted: boolean;
  /** What it answered: WeChat's errcode, or the push service's HTTP status. */
  answer: number;
  /** What was sent: the bizsend body, or the push body. */
  message: unknown;
}
