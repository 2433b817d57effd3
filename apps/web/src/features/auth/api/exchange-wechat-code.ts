import { post } from '../../../lib/api-client.ts';

/** WeChat OAuth callback: the BFF turns the code into a one-time session token. */
export function exchangeWechatCode(code: string): Promise<{ sessionToken: string }> {
  return post<{ sessionToken: string }>('/idp/wechat/session', { code }, { loading: false });
}
