/**
 * The answering module's state and everything it does with the server: loading (content, records, where to resume,
 * the exam state), answering (queued on the device first), navigation, marks, 收藏, the exam's timer and hand-in.
 * A plain class with subscribe/getState (read through useSyncExternalStore), so it is tested without a DOM.
 */
import type { BankReport, ChildBank, QuestionItem } from '../../contract/questions-shapes';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import { type Env, newClientId } from '../../runtime/block-api';
import { hasAnswer, isAnswerComplete } from '../shared/question-card/answer-value';
import type { AnswerValue, QuestionResult } from '../shared/question-card/QuestionCard';
import { submitsOnTap } from '../shared/question-card/SubmitAnswer';
import { keepAutoAdvance, keepMarks, keepPlace, storedAutoAdvance, storedMarks } from './device';
import { examPatch, loadBank, type Patch } from './loader';
import { clockOffset, durationSeconds, type Mode, type SendState, secondsLeft } from './model';
import { type Flushed, flushAnswers, queueAndSend } from './queue';
import { toResult } from './results';

const t = questionAnswerer;

export type Phase = 'loading' | 'error' | 'locked' | 'empty' | 'exam-start' | 'answering' | 'report';

export interface AnswererState {
  phase: Phase;
  /** Error or refusal text (error / locked). */
  message: string;
  /** The error is a missing bank (no use retrying): the error offers 返回 instead of 重试. */
  missing: boolean;
  /** The top bank (for 返回题库 and the buy prompt); 0 when unknown. */
  topBankId: number;
  bank: ChildBank | null;
  mode: Mode;
  questions: QuestionItem[];
  index: number;
  answers: Record<number, AnswerValue>;
  sent: Record<number, SendState>;
  results: Record<number, QuestionResult>;
  marked: number[];
  collected: number[];
  /** Exam: deadline (server seconds) and server-minus-device ms. */
  deadlineAt: number;
  offsetMs: number;
  report: BankReport | null;
  busy: boolean;
  /** 答对自动下一题 (a setting kept on the device, off by default): off, a right answer's analysis stays until 下一题. */
  autoAdvance: boolean;
}

const initial: AnswererState = {
  phase: 'loading',
  message: '',
  missing: false,
  topBankId: 0,
  bank: null,
  mode: 'practice',
  questions: [],
  index: 0,
  answers: {},
  sent: {},
  results: {},
  marked: [],
  collected: [],
  deadlineAt: 0,
  offsetMs: 0,
  report: null,
  busy: false,
  autoAdvance: false,
};

/** The delay before a right single-choice / 对错 answer moves on, when 答对自动下一题 is on. */
export const AUTO_ADVANCE_MS = 800;

export class AnswererController {
  private state: AnswererState = initial;
  private listeners = new Set<() => void>();
  /** When the current question was shown (device ms), and time already spent per question. */
  private shownAt: number;
  private spent = new Map<number, number>();
  private advanceTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    readonly env: Env,
    readonly bankId: number,
    private readonly now: () => number = Date.now,
  ) {
    this.shownAt = now();
    this.state = { ...initial, autoAdvance: storedAutoAdvance(env.storage) };
  }

  getState = (): AnswererState => this.state;
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  protected set(patch: Partial<AnswererState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }
  dispose(): void {
    clearTimeout(this.advanceTimer);
    clearTimeout(this.saveTimer);
  }

  get current(): QuestionItem | undefined {
    return this.state.questions[this.state.index];
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Loading

  async load(): Promise<void> {
    this.set({ ...initial, marked: storedMarks(this.env.storage, this.bankId), autoAdvance: storedAutoAdvance(this.env.storage) });
    this.apply(await loadBank(this.env, this.bankId, this.now()));
    if (this.state.phase === 'answering') void this.flush();
  }

  private async loadExam(): Promise<void> {
    const r = await this.env.call('question.exam', { bank_id: this.bankId });
    if (r.status !== 0 || !r.data) return this.env.toast(r.msg);
    this.apply(await examPatch(this.env, this.bankId, this.state.questions, r.data, this.now()));
  }

  private apply(patch: Patch): void {
    this.shownAt = this.now();
    this.set(patch);
    if (patch.phase === 'answering') this.keepPlace();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Moving between questions

  go(index: number): void {
    const { questions, index: from } = this.state;
    if (index < 0 || index >= questions.length || index === from) return;
    clearTimeout(this.advanceTimer);
    this.leave();
    this.shownAt = this.now();
    this.set({ index });
    this.keepPlace();
  }
  next = (): void => this.go(this.state.index + 1);
  prev = (): void => this.go(this.state.index - 1);

  /** Time on the question being left is kept; an exam draft is saved. */
  private leave(): void {
    const q = this.current;
    if (!q) return;
    this.spent.set(q.id, (this.spent.get(q.id) ?? 0) + (this.now() - this.shownAt));
    if (this.state.mode === 'exam' && this.state.sent[q.id] === 'draft') void this.submit(q.id);
  }

  private keepPlace(): void {
    const q = this.current;
    if (q) keepPlace(this.env.storage, this.bankId, { index: this.state.index, questionId: q.id, at: this.now() });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Answering

  /** True when the current question can no longer change (practice: answered; exam: never before hand-in). */
  locked(qid: number): boolean {
    if (this.state.mode === 'exam') return false;
    const s = this.state.sent[qid];
    return s === 'saved' || s === 'queued' || s === 'sending';
  }

  change(value: AnswerValue): void {
    const q = this.current;
    if (!q || this.locked(q.id)) return;
    this.set({ answers: { ...this.state.answers, [q.id]: value }, sent: { ...this.state.sent, [q.id]: 'draft' } });
    const instant = submitsOnTap(q);
    clearTimeout(this.saveTimer);
    if (instant && isAnswerComplete(q, value)) void this.submit(q.id);
    else if (this.state.mode === 'exam') this.saveTimer = setTimeout(() => void this.submit(q.id), 1200);
  }

  /** 提交 (practice multiple / fill) or an exam save. */
  async submit(qid = this.current?.id): Promise<void> {
    const q = this.state.questions.find((x) => x.id === qid);
    if (!q) return;
    const value = this.state.answers[q.id] ?? [];
    if (this.state.mode === 'practice' && !isAnswerComplete(q, value)) return this.env.toast(t.incomplete);
    if (this.state.mode === 'exam' && !hasAnswer(value)) return;
    if (this.state.sent[q.id] === 'sending') return;
    const spent = (this.spent.get(q.id) ?? 0) + (this.current?.id === q.id ? this.now() - this.shownAt : 0);
    this.set({ sent: { ...this.state.sent, [q.id]: 'sending' } });
    const item = {
      client_id: newClientId(),
      bank_id: this.bankId,
      question_id: q.id,
      answer: value,
      duration: durationSeconds(spent),
      at: this.now(),
    };
    // One answer at a time, in the order given: two quick taps must reach the server in that order.
    const sent = this.sending.then(() => queueAndSend(this.env, item));
    this.sending = sent.then(
      () => undefined,
      () => undefined,
    );
    this.settle({ item, ...(await sent) });
  }

  /** What a reply (now or from the outbox) changes on screen. */
  private settle({ item, verdict, reply }: Flushed): void {
    const qid = item.question_id;
    if (item.bank_id !== this.bankId) return;
    const answerNow = this.state.answers[qid];
    const stale = JSON.stringify(answerNow) !== JSON.stringify(item.answer);
    if (verdict === 'keep') {
      if (!stale) this.set({ sent: { ...this.state.sent, [qid]: 'queued' } });
      this.scheduleFlush();
      return;
    }
    if (verdict === 'drop') {
      this.set({ sent: { ...this.state.sent, [qid]: 'draft' } });
      if (reply.code === 4090 && this.state.mode === 'exam') void this.loadExam();
      else this.env.toast(reply.msg);
      return;
    }
    if (stale && this.state.sent[qid] !== 'queued') return;
    const result = toResult(reply.data);
    const practice = this.state.mode === 'practice' && result && result.exam !== 1;
    this.set({
      sent: { ...this.state.sent, [qid]: 'saved' },
      results: practice ? { ...this.state.results, [qid]: result } : this.state.results,
    });
    const q = this.current;
    // Off by default: the verdict, key and analysis stay on screen until the learner taps 下一题.
    if (!this.state.autoAdvance) return;
    if (practice && result.is_right === 1 && q?.id === qid && submitsOnTap(q)) {
      clearTimeout(this.advanceTimer);
      this.advanceTimer = setTimeout(() => {
        if (this.current?.id === qid) this.next();
      }, AUTO_ADVANCE_MS);
    }
  }

  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private scheduleFlush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => void this.flush(), 20000);
  }

  /** Sends what waits in the outbox (at the start, when the network is back, every 20 s while something waits). */
  async flush(): Promise<void> {
    for (const f of await flushAnswers(this.env, this.bankId)) this.settle(f);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Settings, leaving

  /** 答对自动下一题 on or off, kept on the device for every bank; turning it off stops a pending advance. */
  setAutoAdvance(on: boolean): void {
    keepAutoAdvance(this.env.storage, on);
    if (!on) clearTimeout(this.advanceTimer);
    this.set({ autoAdvance: on });
  }

  /**
   * 退出 (the UI has asked when it had to): nothing is handed in or finished. The place is kept (resume continues
   * from it), a paper's written drafts are saved to the server (still unscored) and waiting answers are sent; what
   * cannot be sent stays in the outbox and goes later.
   */
  async exit(): Promise<void> {
    clearTimeout(this.advanceTimer);
    clearTimeout(this.saveTimer);
    if (this.state.phase !== 'answering') return;
    this.keepPlace();
    if (this.state.mode === 'exam') {
      this.set({ busy: true });
      for (const q of this.state.questions) if (this.state.sent[q.id] === 'draft') await this.submit(q.id);
      this.set({ busy: false });
    }
    void this.flush();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Marks, 收藏

  toggleMark(): void {
    const q = this.current;
    if (!q) return;
    const marked = this.state.marked.includes(q.id) ? this.state.marked.filter((x) => x !== q.id) : [...this.state.marked, q.id];
    keepMarks(this.env.storage, this.bankId, marked);
    this.set({ marked });
  }

  async toggleCollect(): Promise<void> {
    const q = this.current;
    if (!q) return;
    const was = this.state.collected.includes(q.id);
    const flip = (on: boolean) =>
      this.set({
        collected: on ? [...this.state.collected.filter((x) => x !== q.id), q.id] : this.state.collected.filter((x) => x !== q.id),
      });
    flip(!was);
    const r = await this.env.call('question.collect', { question_id: q.id, is_collect: was ? 0 : 1 });
    if (r.status !== 0) {
      flip(was);
      return this.env.toast(r.msg);
    }
    this.env.toast(was ? t.collectUndone : t.collectDone);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Exam and finishing

  async startExam(): Promise<void> {
    this.set({ busy: true });
    const r = await this.env.call('question.exam_start', { bank_id: this.bankId });
    this.set({ busy: false });
    if (r.status !== 0 || !r.data) return this.env.toast(r.msg);
    this.apply(await examPatch(this.env, this.bankId, this.state.questions, r.data, this.now()));
  }

  /** Seconds left of a running exam, by the server's clock. */
  secondsLeft(): number {
    return secondsLeft(this.state.deadlineAt, this.state.offsetMs, this.now());
  }

  /** The count-down reached 0: the server hands the paper in by itself; ask it for the report. */
  async timeUp(): Promise<void> {
    if (this.state.phase !== 'answering') return;
    const r = await this.env.call('question.exam', { bank_id: this.bankId });
    if (r.status === 0 && r.data?.status === 'handed_in' && r.data.report) {
      this.env.toast(t.timeUp);
      this.set({ phase: 'report', report: r.data.report });
    } else if (r.status === 0 && r.data) {
      // The server's clock has not reached the deadline yet: correct the offset and ask again.
      this.set({ offsetMs: clockOffset(r.data.now, this.now()), deadlineAt: r.data.deadline_at });
    }
  }

  /** 完成练习 / 交卷 (the UI has asked the user). Drafts are saved first. */
  async finish(): Promise<void> {
    this.set({ busy: true });
    clearTimeout(this.saveTimer);
    if (this.state.mode === 'exam') for (const q of this.state.questions) if (this.state.sent[q.id] === 'draft') await this.submit(q.id);
    await this.flush();
    const r = await this.env.call('question.finish', { bank_id: this.bankId });
    this.set({ busy: false });
    if (r.status !== 0 || !r.data) {
      if (r.code === 4090 && this.state.mode === 'exam') return this.loadExam();
      return this.env.toast(r.msg);
    }
    this.set({ phase: 'report', report: r.data });
  }
}
