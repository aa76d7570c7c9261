import { loadMessageTemplates, type MessageTemplateContent } from '../../../content/kinds/user-center';
import { DEFAULT_CONTENT_DIR } from '../../../content/load';

/**
 * The welcome and system messages of the default content folder (content/demo/user-center/message-templates.json),
 * as a demo-seeded database has them; read when imported (tests compare the inbox with them). The seed itself
 * uses ./user-center-seed.ts.
 */
export const MESSAGE_TEMPLATES: readonly MessageTemplateContent[] = loadMessageTemplates({ root: DEFAULT_CONTENT_DIR });
