import type { BlockDefinition } from '../../runtime/block-api';

/** The live calendar: a month of the subject's live sessions, the selected day's sessions and their reminders. */
export const definition: BlockDefinition = { type: 'courses-live-calendar', load: () => import('./LiveCalendar') };
