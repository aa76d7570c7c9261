import type { NativeUserInfo } from '../platform/native-bridge';
import { authState, loginSucceeded } from '../state/auth';
import { examContext, selectSubject } from '../state/exam-context';

/** Inside the native app, its login and chosen subject carry over to the web pages. */
export function adoptNativeUserInfo(info: NativeUserInfo): void {
  if (info.user_jwt && !authState.hasLogin) loginSucceeded(info.user_jwt, false);
  if (info.genus_id > 0 && info.category_id > 0 && examContext.genus_id === null) {
    selectSubject(info.genus_id, info.category_id, info.category_name);
  }
}
