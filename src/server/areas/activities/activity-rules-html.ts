import { activity as text } from '../../../i18n/zh-CN/activity';
import { articleHtml } from '../articles';
import type { ActivityDefinition } from './activity-definition';

/**
 * An activity's rules and disclosure as HTML, for `activity.detail` (`rule_html`, `disclosure_html`): Markdown made from
 * the activity file and rendered with the article options by the articles area (once per distinct text, kept in its
 * LRU), so the rule-text block sets the HTML as it is and the client never loads its Markdown renderer for them.
 * Operators' text is Markdown here as it was in the page config: raw HTML and unsafe links are dropped by the renderer.
 */

/** The rules as one numbered list (Markdown numbers the items itself). */
export function rulesMarkdown(rules: readonly string[]): string {
  return rules.length === 0 ? '' : `1. ${rules.join('\n1. ')}`;
}

/** Each disclosure item as a paragraph after its label in bold, in the catalogue's order. */
export function disclosureMarkdown(disclosure: ActivityDefinition['disclosure']): string {
  return (Object.keys(text.disclosureLabels) as Array<keyof typeof text.disclosureLabels>)
    .map((key) => `**${text.disclosureLabels[key]}**：${disclosure[key]}`)
    .join('\n\n');
}

export const rulesHtml = (rules: readonly string[]): string => articleHtml(rulesMarkdown(rules));
export const disclosureHtml = (disclosure: ActivityDefinition['disclosure']): string => articleHtml(disclosureMarkdown(disclosure));
