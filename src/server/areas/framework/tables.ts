/** Tables the whole app shares (joined into Database in ../schema.ts). Times are unix seconds. */

/** Key/value facts about the database itself (e.g. whether first-start seeding ran). */
export interface MetaTable {
  key: string;
  value: string;
}

/** A public document (user agreement, privacy policy…), Markdown. */
export interface DocumentTable {
  key: string;
  title: string;
  content: string;
  updated_at: number;
}

/**
 * A credential of WeChat's API shared by every app server (the official account's access token, the JS-SDK
 * jsapi_ticket): the value, when it expires, and the lease of the one server refreshing it now.
 */
export interface WechatCredentialTable {
  key: string;
  value: string;
  expires_at: number;
  lease_until: number;
  lease_owner: string;
}

export interface FrameworkTables {
  meta: MetaTable;
  documents: DocumentTable;
  wechat_credentials: WechatCredentialTable;
}
