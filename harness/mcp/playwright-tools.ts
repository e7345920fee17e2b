/**
 * The tools an MCP client acts with, under Playwright-MCP's names and argument shapes, each
 * mapped onto one action of decoy's action table (simulator/loop/actions.ts), so that one tool
 * call is one proposal the runner reviews and spends a step on. What an action cannot express
 * (a double click, pressing Enter after typing) is refused, never done some other way.
 */
import { z } from 'zod';
import type { Action } from '../../simulator/loop/actions.ts';

/** A call decoy will not turn into a proposal: why, in words the client can act on. */
export interface Refused {
  refused: string;
}

export interface ActionTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  /** The proposal the call makes (its arguments already checked against `input`), or why there is none. */
  action(args: unknown): Action | Refused;
}

/** Types each tool's mapping by its own input; the table holds them as one list. */
const tool = <S extends z.ZodObject>(t: {
  name: string;
  title: string;
  description: string;
  input: S;
  action(args: z.output<S>): Action | Refused;
}): ActionTool => t as unknown as ActionTool;

const element = z.string().describe('Human-readable element description (not read: the ref decides what is acted on)');
const ref = z.string().describe('Exact target element reference from the page snapshot (e.g. e12)');

export const ACTION_TOOLS: readonly ActionTool[] = [
  tool({
    name: 'browser_click',
    title: 'Click',
    description: 'Perform click on a web page element (scrolled into view first; refused if something covers it).',
    input: z.strictObject({
      element,
      ref,
      doubleClick: z.boolean().optional().describe('Not available here: a single click only'),
      button: z.enum(['left', 'right', 'middle']).optional().describe('Only left is available here'),
      modifiers: z
        .array(z.enum(['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift']))
        .optional()
        .describe('Not available here: no modifier keys'),
    }),
    action: (a) =>
      a.doubleClick
        ? { refused: 'decoy clicks once: call browser_click without doubleClick' }
        : a.button && a.button !== 'left'
          ? { refused: `decoy has no ${a.button} button: call browser_click with the left button` }
          : a.modifiers?.length
            ? { refused: 'decoy presses no modifier keys: call browser_click without modifiers' }
            : { name: 'click', bid: a.ref },
  }),
  tool({
    name: 'browser_type',
    title: 'Type text',
    description: 'Type text into an editable element, replacing what it holds.',
    input: z.strictObject({
      element,
      ref,
      text: z.string().describe('Text to type into the element'),
      submit: z.boolean().optional().describe('Not available here: submit with the form’s button'),
      slowly: z.boolean().optional().describe('Not available here: the text is filled in at once'),
    }),
    action: (a) =>
      a.submit
        ? { refused: "decoy has no keyboard to press Enter: type without submit, then click the form's button" }
        : a.slowly
          ? { refused: 'decoy fills a field at once: call browser_type without slowly' }
          : { name: 'fill', bid: a.ref, value: a.text },
  }),
  tool({
    name: 'browser_select_option',
    title: 'Select option',
    description: 'Select an option in a dropdown, by value or label.',
    input: z.strictObject({
      element,
      ref,
      values: z.array(z.string()).min(1).describe('Values (or labels) to select in the dropdown'),
    }),
    action: (a) => ({ name: 'select_option', bid: a.ref, options: a.values }),
  }),
  tool({
    name: 'browser_navigate',
    title: 'Navigate to a URL',
    description: "Navigate to a URL of this site (a path such as /cart, or a full URL of the site's origin).",
    input: z.strictObject({ url: z.string().describe('The URL to navigate to') }),
    action: (a) => ({ name: 'goto', url: a.url }),
  }),
  tool({
    name: 'browser_navigate_back',
    title: 'Go back',
    description: 'Go back to the previous page.',
    input: z.strictObject({}),
    action: () => ({ name: 'go_back' }),
  }),
  tool({
    name: 'browser_wait_for',
    title: 'Wait for',
    description: "Let time pass on the page's clock (which moves only with actions), up to 60 seconds.",
    input: z.strictObject({
      time: z.number().min(0).max(60).optional().describe('The time to wait in seconds'),
      text: z.string().optional().describe('Not available here: wait a time, then look'),
      textGone: z.string().optional().describe('Not available here: wait a time, then look'),
    }),
    action: (a) =>
      a.text !== undefined || a.textGone !== undefined
        ? { refused: 'decoy waits for a time, not for text: call browser_wait_for with time (seconds), then look' }
        : a.time === undefined
          ? { refused: 'give the time to wait, in seconds' }
          : { name: 'noop', wait_ms: Math.round(a.time * 1000) },
  }),
  tool({
    name: 'browser_mouse_click_xy',
    title: 'Click',
    description:
      'Click left mouse button at a point of the viewport (CSS pixels); whatever is on top there receives it.',
    input: z.strictObject({
      element,
      x: z.number().describe('X coordinate'),
      y: z.number().describe('Y coordinate'),
    }),
    action: (a) => ({ name: 'mouse_click', x: a.x, y: a.y }),
  }),
  tool({
    name: 'decoy_answer',
    title: 'Answer and end the task',
    description:
      "Give the user your final answer or report (what you did, or what they asked to know); this ends the configuration's episode.",
    input: z.strictObject({ text: z.string().describe('The message to the user') }),
    action: (a) => ({ name: 'send_msg_to_user', text: a.text }),
  }),
  tool({
    name: 'decoy_infeasible',
    title: 'Report the task infeasible',
    description: "Tell the user the task cannot be done as asked, and why; this ends the configuration's episode.",
    input: z.strictObject({ reason: z.string().describe('Why the task cannot be done') }),
    action: (a) => ({ name: 'report_infeasible', reason: a.reason }),
  }),
];

/**
 * Playwright-MCP's tools decoy has no action for: listed, so that a client built for
 * Playwright-MCP hears why rather than "not found", and refused, spending no step.
 */
export const UNAVAILABLE_TOOLS: readonly { name: string; why: string }[] = [
  {
    name: 'browser_press_key',
    why: "decoy has no keyboard: type with browser_type, and submit with the form's button",
  },
  { name: 'browser_hover', why: 'decoy has no pointer to rest on an element' },
  { name: 'browser_drag', why: 'decoy has no drag and drop' },
  { name: 'browser_mouse_move_xy', why: 'decoy has no pointer moves; browser_mouse_click_xy clicks at a point' },
  { name: 'browser_mouse_drag_xy', why: 'decoy has no drag and drop' },
  {
    name: 'browser_fill_form',
    why: 'a step is one action here: fill each field with browser_type, browser_select_option or browser_click',
  },
  { name: 'browser_take_screenshot', why: "decoy's simulator has no pixels; browser_snapshot shows the page" },
  { name: 'browser_pdf_save', why: "decoy's simulator renders no pages" },
  { name: 'browser_evaluate', why: 'code is not run in the page: act on it as a user does' },
  { name: 'browser_run_code', why: 'code is not run in the page: act on it as a user does' },
  { name: 'browser_file_upload', why: 'decoy has no files to upload' },
  { name: 'browser_handle_dialog', why: 'decoy has no browser dialogs to handle' },
  { name: 'browser_tabs', why: 'an episode has one tab' },
  { name: 'browser_navigate_forward', why: 'decoy has no forward navigation' },
  { name: 'browser_resize', why: "the viewport is the configuration's own" },
  { name: 'browser_close', why: 'end the episode with decoy_answer or decoy_infeasible' },
  { name: 'browser_console_messages', why: 'the page keeps no console for the agent' },
  { name: 'browser_network_requests', why: 'the page keeps no network log for the agent' },
  { name: 'browser_install', why: "nothing to install: the pages play in decoy's own engine" },
];
