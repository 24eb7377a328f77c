/* "g then a key" navigation, spec part 1 §2 "Keyboard navigation". Pure so it can be tested
   without a DOM: the caller feeds key events and the clock, and acts on the returned effect. */

export const GO_PREFIX_KEY = 'g';
export const GO_SEQUENCE_TIMEOUT_MS = 2_000;

export const GO_DESTINATIONS: Readonly<Record<string, string>> = {
  d: '/',
  c: '/clientes',
  l: '/lotes',
  e: '/emissoes',
  n: '/conciliador',
  i: '/importador',
  a: '/alertas',
  f: '/financeiro',
  s: '/simulador',
  g: '/config',
};

export const GO_HINT_TEXT =
  'Pressione: d=Dashboard | c=Clientes | l=Lotes | e=Emissões | n=Conciliador | i=Importador | a=Alertas | f=Financeiro | s=Simulador | g=Config';

export interface GoKeyState {
  /** When "g" was pressed, or null when no sequence is open. */
  awaitingSince: number | null;
}

export const GO_IDLE: GoKeyState = { awaitingSince: null };

export interface GoKeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The user is typing (input, textarea, select, contenteditable) or working in a dialog or menu. */
  editable: boolean;
  now: number;
}

export type GoKeyEffect =
  { type: 'none' } | { type: 'show-hint' } | { type: 'cancel' } | { type: 'navigate'; to: string };

export interface GoKeyResult {
  state: GoKeyState;
  effect: GoKeyEffect;
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

export function isSequenceOpen(state: GoKeyState, now: number): boolean {
  return state.awaitingSince !== null && now - state.awaitingSince < GO_SEQUENCE_TIMEOUT_MS;
}

export function handleGoKey(state: GoKeyState, input: GoKeyInput): GoKeyResult {
  const open = isSequenceOpen(state, input.now);
  if (MODIFIER_KEYS.has(input.key)) return { state, effect: { type: 'none' } };
  if (input.editable || input.ctrlKey || input.metaKey || input.altKey) {
    return { state: GO_IDLE, effect: open ? { type: 'cancel' } : { type: 'none' } };
  }
  const key = input.key.toLowerCase();
  if (open) {
    const to = GO_DESTINATIONS[key];
    return { state: GO_IDLE, effect: to ? { type: 'navigate', to } : { type: 'cancel' } };
  }
  if (key === GO_PREFIX_KEY) return { state: { awaitingSince: input.now }, effect: { type: 'show-hint' } };
  return { state: GO_IDLE, effect: { type: 'none' } };
}

/** Whether a key event comes from a place where the user is typing. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** Dialogs and menus own their keys (menus use letters for type-ahead). */
export function isInsideOverlay(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  return target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}
