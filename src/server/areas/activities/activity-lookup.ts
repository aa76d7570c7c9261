/** The activity a call names, from the files the store serves (a missing or refused-from-the-start one is a 404). */
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { type ActivityDefinition, type ActivityPhase, phaseAt } from './activity-definition';

export function activityOr404(s: Pick<Services, 'activities'>, id: number): ActivityDefinition {
  const a = s.activities.get(id);
  if (!a) throw notFound(`活动 id ${id} `);
  return a;
}

export const PHASE_TEXT: Record<ActivityPhase, string> = { upcoming: '未开始', running: '进行中', ended: '已结束' };

export function phaseOf(s: Pick<Services, 'nowMs'>, a: ActivityDefinition): ActivityPhase {
  return phaseAt(a, s.nowMs());
}
