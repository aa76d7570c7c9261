/** Supplies the JS-SDK jsapi_ticket (the real adapter fetches and caches it from WeChat). */
export interface JsSdkTicketProvider {
  readonly name: string;
  ticket(): Promise<string>;
}
