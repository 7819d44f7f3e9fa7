import type { FrameMessage, PickBox, ScriptToFrame } from '../shared/pick.js';
import { PORT_HANDSHAKE } from './Overlay.js';

// The overlay's own page, over the whole viewport of the tab, transparent: it draws the
// box and name of what is under the pointer, the agent's question, the dragged region and the
// note field, and turns the person's pointer and keys into messages for the pick script. It
// speaks only over the port whose handshake carries the token of its own url.

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const box = $('box');
const label = $('label');
const banner = $('banner');
const region = $('region');
const note = $('note');
const text = $<HTMLTextAreaElement>('text');
const token = location.hash.slice(1);

/** A drag shorter than this (CSS pixels) is a click. */
const DRAG_PX = 6;

let port: MessagePort | undefined;
const send = (message: FrameMessage) => port?.postMessage(message);

addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: unknown; token?: unknown } | null;
  if (port !== undefined || data?.type !== PORT_HANDSHAKE || data.token !== token || token === '') return;
  port = event.ports[0];
  if (port === undefined) return;
  port.onmessage = (message) => fromScript(message.data as ScriptToFrame);
});

function place(element: HTMLElement, b: PickBox): void {
  element.style.left = `${b.x}px`;
  element.style.top = `${b.y}px`;
  element.style.width = `${Math.max(0, b.width)}px`;
  element.style.height = `${Math.max(0, b.height)}px`;
}

function showLabel(b: PickBox, words: string): void {
  label.textContent = words;
  label.hidden = false;
  const above = b.y - 22;
  label.style.left = `${Math.max(0, Math.min(b.x, innerWidth - label.offsetWidth - 4))}px`;
  label.style.top = `${above >= 0 ? above : b.y + b.height + 4}px`;
}

let picked = false;

function fromScript(message: ScriptToFrame): void {
  switch (message.type) {
    case 'prompt':
      banner.textContent =
        message.text === undefined
          ? 'browsertap: point at what you mean. Click an element or drag a region · Esc cancels'
          : `Your agent asks: ${message.text} · click an element or drag a region · Esc cancels`;
      banner.hidden = false;
      return;
    case 'hover':
      if (picked) return;
      box.hidden = message.box === undefined;
      label.hidden = message.box === undefined;
      if (message.box !== undefined) {
        place(box, message.box);
        showLabel(message.box, message.label ?? '');
      }
      return;
    case 'hide':
      picked = true;
      document.body.classList.add('capturing');
      requestAnimationFrame(() => requestAnimationFrame(() => send({ type: 'hidden' })));
      return;
    case 'ask': {
      document.body.classList.remove('capturing');
      region.hidden = true;
      box.hidden = false;
      place(box, message.box);
      showLabel(message.box, message.label);
      note.hidden = false;
      const below = message.box.y + message.box.height + 8;
      const top = below + note.offsetHeight <= innerHeight ? below : Math.max(8, message.box.y - note.offsetHeight - 30);
      note.style.top = `${top}px`;
      note.style.left = `${Math.max(8, Math.min(message.box.x, innerWidth - note.offsetWidth - 8))}px`;
      text.focus();
      return;
    }
    case 'end':
      document.body.hidden = true;
      return;
  }
}

// Pointer: a move names what is under it (one message per frame at most); a click picks; a drag picks a region.
let pending: { x: number; y: number } | undefined;
let down: { x: number; y: number } | undefined;
let dragging = false;

addEventListener('pointermove', (event) => {
  if (picked) return;
  if (down !== undefined) {
    dragging ||= Math.hypot(event.clientX - down.x, event.clientY - down.y) >= DRAG_PX;
    if (dragging) {
      region.hidden = false;
      place(region, rect(down, { x: event.clientX, y: event.clientY }));
    }
    return;
  }
  if (pending === undefined) requestAnimationFrame(() => pending && (send({ type: 'move', ...pending }), (pending = undefined)));
  pending = { x: event.clientX, y: event.clientY };
});

addEventListener('pointerdown', (event) => {
  if (picked || event.button !== 0) return;
  event.preventDefault();
  down = { x: event.clientX, y: event.clientY };
  dragging = false;
  document.documentElement.setPointerCapture?.(event.pointerId);
});

addEventListener('pointerup', (event) => {
  if (picked || down === undefined) return;
  const from = down;
  down = undefined;
  if (dragging) {
    dragging = false;
    send({ type: 'region', box: rect(from, { x: event.clientX, y: event.clientY }) });
  } else {
    send({ type: 'pick', x: event.clientX, y: event.clientY });
  }
});

addEventListener('contextmenu', (event) => event.preventDefault());

addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    event.preventDefault();
    send({ type: 'cancel' });
    return;
  }
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.target === text) {
    event.preventDefault();
    send({ type: 'note', text: text.value });
  }
});

function rect(a: { x: number; y: number }, b: { x: number; y: number }): PickBox {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}
