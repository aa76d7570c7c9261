import { proxy } from 'valtio';
import { storage } from '../platform/storage';

/** Stored flag: '1' shows the floating home button (spec §2). */
export const HOME_BUTTON_KEY = 'beikao.show_home_button';
/** Where the floating home button goes. */
export const HOME_BUTTON_TARGET = '/study/list/news';

export const homeButtonState = proxy({
  visible: storage.get(HOME_BUTTON_KEY) === '1',
});

/** Shows or hides the floating home button and remembers the choice. */
export function setHomeButtonVisible(visible: boolean): void {
  if (visible) storage.set(HOME_BUTTON_KEY, '1');
  else storage.remove(HOME_BUTTON_KEY);
  homeButtonState.visible = visible;
}
