/** 答题设置: 答对自动下一题 (off by default, kept on the device for every bank). */

import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import { Svg } from '../../runtime/icons/svg';
import { BottomSheet } from '../shared/bottom-sheet/BottomSheet';

const t = questionAnswerer;

export function SettingsSheet({
  autoAdvance,
  onAutoAdvance,
  onClose,
}: {
  autoAdvance: boolean;
  onAutoAdvance: (on: boolean) => void;
  onClose: () => void;
}) {
  return (
    <BottomSheet title={t.settings} closeLabel={t.close} onClose={onClose} className="qa-settings" testId="answerer-settings">
      <label className="qa-setting">
        <span className="qa-setting-text">
          <b>{t.autoAdvance}</b>
          <small>{t.autoAdvanceHint}</small>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="qa-switch"
          checked={autoAdvance}
          aria-checked={autoAdvance}
          onChange={(e) => onAutoAdvance(e.target.checked)}
        />
      </label>
    </BottomSheet>
  );
}

/** The header's 答题设置 button icon (two sliders). */
export function SettingsIcon({ size = 22 }: { size?: number }) {
  return (
    <Svg size={size} strokeWidth={1.8}>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </Svg>
  );
}
