import { describe, expect, it } from 'vitest';
import {
  GO_DESTINATIONS,
  GO_HINT_TEXT,
  GO_IDLE,
  GO_SEQUENCE_TIMEOUT_MS,
  handleGoKey,
  isEditableTarget,
  isInsideOverlay,
  type GoKeyInput,
  type GoKeyResult,
} from '../go-keys';

const press = (key: string, now: number, extra: Partial<GoKeyInput> = {}): GoKeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  editable: false,
  now,
  ...extra,
});

/** Feeds keys in order from an idle state; returns the final state and the last effect. */
function run(keys: GoKeyInput[]): GoKeyResult {
  let result: GoKeyResult = { state: GO_IDLE, effect: { type: 'none' } };
  for (const key of keys) result = handleGoKey(result.state, key);
  return result;
}

describe('handleGoKey', () => {
  it('opens a sequence and asks for the hint on "g"', () => {
    expect(handleGoKey(GO_IDLE, press('g', 1000))).toEqual({
      state: { awaitingSince: 1000 },
      effect: { type: 'show-hint' },
    });
  });

  it.each([
    ['d', '/'],
    ['c', '/clientes'],
    ['l', '/lotes'],
    ['e', '/emissoes'],
    ['n', '/conciliador'],
    ['i', '/importador'],
    ['a', '/alertas'],
    ['f', '/financeiro'],
    ['s', '/simulador'],
    ['g', '/config'],
  ])('g then %s goes to %s', (key, to) => {
    const { state, effect } = run([press('g', 0), press(key, 500)]);
    expect(effect).toEqual({ type: 'navigate', to });
    expect(state).toEqual(GO_IDLE);
  });

  it('covers exactly the ten destinations of the spec', () => {
    expect(Object.keys(GO_DESTINATIONS).sort()).toEqual(['a', 'c', 'd', 'e', 'f', 'g', 'i', 'l', 'n', 's']);
  });

  it('accepts upper-case second keys (caps lock)', () => {
    expect(run([press('g', 0), press('C', 10)]).effect).toEqual({ type: 'navigate', to: '/clientes' });
  });

  it('awaits the second key once: an unknown key cancels and the next key does nothing', () => {
    const cancelled = run([press('g', 0), press('x', 10)]);
    expect(cancelled.effect).toEqual({ type: 'cancel' });
    expect(run([press('g', 0), press('x', 10), press('c', 20)]).effect).toEqual({ type: 'none' });
  });

  it('expires after 2 seconds', () => {
    expect(run([press('g', 0), press('c', GO_SEQUENCE_TIMEOUT_MS - 1)]).effect.type).toBe('navigate');
    expect(run([press('g', 0), press('c', GO_SEQUENCE_TIMEOUT_MS)]).effect).toEqual({ type: 'none' });
  });

  it('after expiry a new "g" starts a new sequence', () => {
    const { state, effect } = run([press('g', 0), press('g', GO_SEQUENCE_TIMEOUT_MS + 5)]);
    expect(effect).toEqual({ type: 'show-hint' });
    expect(state.awaitingSince).toBe(GO_SEQUENCE_TIMEOUT_MS + 5);
  });

  it('ignores keys typed in editable fields', () => {
    expect(handleGoKey(GO_IDLE, press('g', 0, { editable: true }))).toEqual({
      state: GO_IDLE,
      effect: { type: 'none' },
    });
    expect(run([press('g', 0), press('c', 10, { editable: true })]).effect).toEqual({ type: 'cancel' });
  });

  it.each(['ctrlKey', 'metaKey', 'altKey'] as const)('ignores the sequence while %s is held', (modifier) => {
    expect(handleGoKey(GO_IDLE, press('g', 0, { [modifier]: true })).effect).toEqual({ type: 'none' });
    expect(run([press('g', 0), press('c', 10, { [modifier]: true })]).effect).toEqual({ type: 'cancel' });
  });

  it('lets a lone modifier key pass without closing the sequence', () => {
    expect(run([press('g', 0), press('Shift', 5), press('d', 10)]).effect).toEqual({ type: 'navigate', to: '/' });
  });

  it('does nothing for ordinary keys when no sequence is open', () => {
    expect(handleGoKey(GO_IDLE, press('c', 0))).toEqual({ state: GO_IDLE, effect: { type: 'none' } });
  });
});

describe('GO_HINT_TEXT', () => {
  it('is the spec text', () => {
    expect(GO_HINT_TEXT).toBe(
      'Pressione: d=Dashboard | c=Clientes | l=Lotes | e=Emissões | n=Conciliador | i=Importador | a=Alertas | f=Financeiro | s=Simulador | g=Config',
    );
  });
});

describe('target checks', () => {
  it('are false without a DOM element', () => {
    expect(isEditableTarget(null)).toBe(false);
    expect(isEditableTarget({} as EventTarget)).toBe(false);
    expect(isInsideOverlay(null)).toBe(false);
  });
});
