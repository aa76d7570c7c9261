/** 答题卡: every question number coloured answered / unanswered / wrong (practice) with a mark badge; tap to jump. */

import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import { BottomSheet } from '../shared/bottom-sheet/BottomSheet';
import type { Cell } from './model';

const t = questionAnswerer;

export function AnswerSheet({
  cells,
  practice,
  busy,
  onPick,
  onFinish,
  onClose,
}: {
  cells: Cell[];
  practice: boolean;
  busy: boolean;
  /** 完成练习 / 交卷 from the sheet. */
  onFinish: () => void;
  onPick: (index: number) => void;
  onClose: () => void;
}) {
  const legend: [string, string][] = practice
    ? [
        ['right', t.sheetLegend.right],
        ['wrong', t.sheetLegend.wrong],
        // answered without a verdict: kept offline, waiting for the network
        ...(cells.some((c) => c.status === 'answered') ? [['answered', t.sheetLegend.answered] as [string, string]] : []),
        ['unanswered', t.sheetLegend.unanswered],
        ['marked', t.sheetLegend.marked],
      ]
    : [
        ['answered', t.sheetLegend.answered],
        ['unanswered', t.sheetLegend.unanswered],
        ['marked', t.sheetLegend.marked],
      ];
  return (
    <BottomSheet title={t.sheet} closeLabel={questionAnswerer.close} onClose={onClose} className="qa-sheet">
      <ul className="qa-legend">
        {legend.map(([k, text]) => (
          <li key={k}>
            <span className={`qa-legend-dot is-${k}`} aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <ol className="qa-grid">
        {cells.map((c) => {
          const label = `${c.index + 1} ${t.sheetLegend[c.status]}${c.marked ? ` ${t.sheetLegend.marked}` : ''}`;
          return (
            <li key={c.questionId}>
              <button
                type="button"
                className={`qa-cell is-${c.status}${c.marked ? ' is-marked' : ''}${c.current ? ' is-current' : ''}`}
                aria-label={label}
                aria-current={c.current ? 'step' : undefined}
                data-status={c.status}
                onClick={() => onPick(c.index)}
              >
                {c.index + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="qa-sheet-foot">
        <span className="qa-sheet-summary">{t.sheetSummary(cells.filter((c) => c.status !== 'unanswered').length, cells.length)}</span>
        <button type="button" className="qa-primary" disabled={busy} onClick={onFinish}>
          {practice ? t.finish : t.handIn}
        </button>
      </div>
    </BottomSheet>
  );
}
