import { proxy } from 'valtio';

/** The popup's draft: kept while the popup is closed and after a failed submit, cleared after a successful one. */
export const feedbackDraft = proxy({ text: '', sending: false });
