// Which push channels are on, where they send and why not: from the configuration, with the
// demo's defaults (the local stand-ins, demo credentials).
import { NOTIFICATION_KINDS, type PushChannel } from '@abo/contract';
import type { Config } from '../../config.ts';
import type { AdapterSlot } from './types.ts';
import { createWebhookAdapter } from './webhook.ts';
import { createWechatAdapter, type WechatTemplates } from './wechat.ts';

export type DeliveryConfig = Pick<
  Config,
  | 'demo'
  | 'PORT'
  | 'HOST'
  | 'PUBLIC_URL'
  | 'WECHAT_APP_ID'
  | 'WECHAT_APP_SECRET'
  | 'WECHAT_API_BASE'
  | 'wechatTemplateIds'
  | 'PUSH_WEBHOOK_URL'
  | 'PUSH_WEBHOOK_SECRET'
>;

/** The demo's WeChat secret and push secret: only the local stand-ins accept them. */
export const DEMO_WECHAT_SECRET = 'demo-wechat-app-secret';
export const DEMO_PUSH_SECRET = 'demo-push-webhook-secret';
export const WECHAT_API = 'https://api.weixin.qq.com';

export type ChannelSettings<T> = ({ on: true; local: boolean } & T) | { on: false; reason: string };

export interface DeliverySettings {
  wechat: ChannelSettings<{ apiBase: string; appId: string; secret: string; templates: WechatTemplates }>;
  push: ChannelSettings<{ url: string; secret: string }>;
  /** Where the pages a WeChat message opens live. */
  publicUrl: string;
}

const demoTemplates = (): WechatTemplates => ({
  byKind: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, `demo-${k}`])),
  fallback: null,
});

/**
 * The channels' settings; `localOrigin` is this server's own address (the demo's stand-ins are
 * routes of this server).
 */
export function deliverySettings(config: DeliveryConfig, localOrigin: string): DeliverySettings {
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  let wechat: DeliverySettings['wechat'];
  if (config.demo) {
    wechat = {
      on: true,
      local: !config.WECHAT_API_BASE,
      apiBase: config.WECHAT_API_BASE ?? `${localOrigin}/stand-in/wechat`,
      appId: config.WECHAT_APP_ID,
      secret: config.WECHAT_APP_SECRET ?? DEMO_WECHAT_SECRET,
      templates: config.wechatTemplateIds ?? demoTemplates(),
    };
  } else if (!config.WECHAT_APP_SECRET) {
    wechat = { on: false, reason: 'WeChat off: WECHAT_APP_SECRET not set' };
  } else if (!config.wechatTemplateIds) {
    wechat = { on: false, reason: 'WeChat off: WECHAT_TEMPLATE_IDS not set' };
  } else {
    wechat = {
      on: true,
      local: false,
      apiBase: config.WECHAT_API_BASE ?? WECHAT_API,
      appId: config.WECHAT_APP_ID,
      secret: config.WECHAT_APP_SECRET,
      templates: config.wechatTemplateIds,
    };
  }
  let push: DeliverySettings['push'];
  if (config.PUSH_WEBHOOK_URL && config.PUSH_WEBHOOK_SECRET) {
    push = { on: true, local: false, url: config.PUSH_WEBHOOK_URL, secret: config.PUSH_WEBHOOK_SECRET };
  } else if (config.demo) {
    push = { on: true, local: true, url: `${localOrigin}/stand-in/push`, secret: DEMO_PUSH_SECRET };
  } else {
    push = { on: false, reason: 'app push off: PUSH_WEBHOOK_URL and PUSH_WEBHOOK_SECRET not set' };
  }
  return { wechat, push, publicUrl };
}

/** The start log's line per channel: on and where to, or off and why. */
export function describeSettings(s: DeliverySettings): Record<PushChannel, string> {
  const wechat = s.wechat.on
    ? `WeChat subscribe messages on: ${s.wechat.local ? 'to the local stand-in (/stand-in/messages lists them)' : s.wechat.apiBase}, app id ${s.wechat.appId}, opening pages under ${s.publicUrl}`
    : s.wechat.reason;
  const push = s.push.on
    ? `app push on: ${s.push.local ? 'to the local stand-in (/stand-in/messages lists them)' : new URL(s.push.url).origin}`
    : s.push.reason;
  return { wec: wechat, ca: push };
}

export function adapterSlots(s: DeliverySettings): Record<PushChannel, AdapterSlot> {
  return {
    wec: s.wechat.on
      ? {
          on: true,
          adapter: createWechatAdapter({
            apiBase: s.wechat.apiBase,
            appId: s.wechat.appId,
            secret: s.wechat.secret,
            templates: s.wechat.templates,
            publicUrl: s.publicUrl,
          }),
        }
      : { on: false, reason: s.wechat.reason },
    ca: s.push.on
      ? { on: true, adapter: createWebhookAdapter({ url: s.push.url, secret: s.push.secret }) }
      : { on: false, reason: s.push.reason },
  };
}
