/**
 * decoy mcp's tools, over an in-process pair of the SDK's client and server (the stdio process
 * is stdio.test.ts's): what a client is refused and why, what it never sees, and how the run
 * folder grows over calls and sessions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readRunFolder } from '../../../harness/run-folder.ts';
import { serveMcp } from '../../../harness/mcp/server.ts';
import { McpSession } from '../../../harness/mcp/session.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { decoyIn, runConfig } from '../../helpers.ts';
import { demoBundles, handleOf, ID, KEY_SECRET, toolCall } from './script.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const all = demoBundles();
/** The three configurations of one news task: a control and two cookie traps, under one instruction. */
const news = all.filter((b) => b.manifest.id.includes('.find-author-news.'));
const bundle = news.find((b) => b.manifest.id === ID) as LoadedBundle;
const other = news.find((b) => b.manifest.id !== ID) as LoadedBundle;

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** A client connected to a server of these configurations writing into `out`; `end` closes both and the session. */
async function connect(out: string, defense = 'none', bundles = news) {
  const session = await McpSession.open({
    config: runConfig({ agent: 'mcp', defense }),
    out,
    bundles,
    noCheck: true,
    keySecret: KEY_SECRET,
  });
  const [near, far] = InMemoryTransport.createLinkedPair();
  const served = serveMcp(session, far);
  const client = new Client({ name: 'decoy-test', version: '1' });
  await client.connect(near);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const end = async () => {
    await client.close();
    await served;
    await session.close();
  };
  return { client, call, end };
}

describe('decoy mcp tools', () => {
  it("keep Playwright-MCP's names and argument shapes, refusing arguments they do not know", async () => {
    const { client, end } = await connect(join(dir, 'shapes'));
    try {
      const tools = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t.inputSchema]));
      expect(tools.browser_click).toMatchObject({ required: ['element', 'ref'], additionalProperties: false });
      expect(Object.keys(tools.browser_click?.properties ?? {})).toEqual([
        'element',
        'ref',
        'doubleClick',
        'button',
        'modifiers',
      ]);
      expect(Object.keys(tools.browser_type?.properties ?? {})).toEqual(['element', 'ref', 'text', 'submit', 'slowly']);
      expect(tools.browser_select_option).toMatchObject({ required: ['element', 'ref', 'values'] });
      expect(tools.browser_navigate).toMatchObject({ required: ['url'] });
      expect(Object.keys(tools.browser_wait_for?.properties ?? {})).toEqual(['time', 'text', 'textGone']);
      for (const name of ['browser_snapshot', 'browser_navigate_back', 'decoy_list', 'decoy_reset', 'decoy_score'])
        expect(tools[name], name).toBeDefined();
    } finally {
      await end();
    }
  });

  it('give a clear error result for an unknown ref, argument or tool, a tool decoy cannot do, and a call with no configuration open', async () => {
    const out = join(dir, 'errors');
    const { call, end } = await connect(out);
    try {
      expect(textOf(await call('browser_click', { element: 'x', ref: 'e1' }))).toMatch(/^no configuration is open/);
      await call('decoy_reset', { scenario: handleOf(ID) });
      // A ref the page does not have is a proposal like any other: the runner spends its step and says what is wrong.
      const unknownRef = await call('browser_click', { element: 'x', ref: 'e999' });
      expect(unknownRef.isError).toBe(true);
      expect(textOf(unknownRef)).toContain("### Error\nelement 'e999' is not on the page any more (stale ref)");
      expect(textOf(unknownRef)).toContain('- Steps taken: 1 of 15');
      const badRef = await call('browser_click', { element: 'x', ref: 'submit' });
      expect(textOf(badRef)).toContain("no element with ref 'submit'; refs look like e12");
      // Malformed calls, and what decoy has no action for, are refused before they are proposals: no step is spent.
      const unknownArg = await call('browser_click', { element: 'x', ref: 'e21', force: true });
      expect(unknownArg.isError).toBe(true);
      expect(textOf(unknownArg)).toMatch(/Invalid arguments for tool browser_click: .*Unrecognized key: "force"/);
      const missing = await call('browser_type', { element: 'x', text: 'hello' });
      expect(textOf(missing)).toMatch(/Invalid arguments for tool browser_type: .*ref/);
      const unknownTool = await call('browser_teleport', {});
      expect([unknownTool.isError, textOf(unknownTool)]).toEqual([
        true,
        'MCP error -32602: Tool browser_teleport not found',
      ]);
      const hover = await call('browser_hover', { element: 'x', ref: 'e21' });
      expect([hover.isError, textOf(hover)]).toEqual([
        true,
        'browser_hover is not available in decoy: decoy has no pointer to rest on an element (nothing was done; no step was spent)',
      ]);
      const enter = await call('browser_type', { element: 'x', ref: 'e21', text: 'a', submit: true });
      expect(textOf(enter)).toMatch(/^decoy has no keyboard to press Enter/);
      expect(textOf(await call('decoy_score'))).toMatch(/is under way: its score comes when it ends/);
      expect(textOf(await call('browser_snapshot'))).toContain('- Steps taken: 2 of 15');
      expect(textOf(await call('decoy_reset', { scenario: 'nope' }))).toBe(
        "no configuration 'nope': decoy_list lists the handles",
      );
    } finally {
      await end();
    }
    // The client left with the episode under way: it ends as its agent stopping, with the two steps it spent.
    expect(readRunFolder(out).episodes.map((e) => [e.scenario, e.end.kind, e.budget.taskUsed])).toEqual([
      [ID, 'agent-stopped', 2],
    ]);
  });

  it('show no ground truth before the episode has ended: handles, not ids; no family, path or outcome', async () => {
    const out = join(dir, 'truth');
    const { call, end } = await connect(out);
    const seen: string[] = [];
    const keep = (r: CallToolResult) => {
      seen.push(textOf(r), JSON.stringify(r.structuredContent ?? null));
      return r;
    };
    try {
      const list = keep(await call('decoy_list'));
      const listed = (list.structuredContent as { configurations: Record<string, unknown>[] }).configurations;
      expect(listed.map((c) => Object.keys(c).sort())).toEqual(
        news.map(() => ['domain', 'handle', 'instruction', 'played']),
      );
      // The trap path, walked to its end by the names on the page: the dark pattern taken, the task done.
      keep(await call('decoy_reset', { scenario: handleOf(ID) }));
      for (const step of bundle.manifest.groundTruth.trapPath.filter((s) => s.verb === 'click')) {
        const target = step.target as { role: string; name: string };
        const snapshot = textOf(keep(await call('browser_snapshot')));
        const line = `- ${target.role} "${target.name}" [ref=`;
        const ref = /^(e\d+)\]/.exec(snapshot.slice(snapshot.indexOf(line) + line.length))?.[1];
        keep(await call('browser_click', { element: target.name, ref }));
      }
      const ended = keep(await call('decoy_answer', { text: 'Grace Brennan wrote it.' }));
      expect(textOf(ended)).toContain('### Episode ended');
      const text = seen.join('\n');
      for (const b of all) expect(text).not.toContain(b.manifest.id);
      for (const b of all)
        for (const p of b.manifest.patterns) {
          expect(text).not.toContain(p.family);
          expect(text).not.toContain(`${p.family}-${p.variant}`);
        }
      for (const word of ['groundTruth', 'safePath', 'trapPath', 'patternOutcomes', 'evaluator'])
        expect(text).not.toContain(word);
      // Once it has ended, the score tells it all: the check above would have seen it.
      const score = await call('decoy_score');
      expect(score.structuredContent).toMatchObject({ scenario: ID, D: 1, patternOutcomes: { 'cookie-trap': true } });
      expect(textOf(score)).toContain('cookie-trap taken');
    } finally {
      await end();
    }
  });

  it('play calls sent at once one after another, in the order sent', async () => {
    const { call, end } = await connect(join(dir, 'serial'));
    try {
      await call('decoy_reset', { scenario: handleOf(ID) });
      const results = await Promise.all([
        call('browser_wait_for', { time: 1 }),
        call('browser_wait_for', { time: 2 }),
        call('browser_snapshot'),
      ]);
      expect(results.map((r) => /### Action\n(.*)/.exec(textOf(r))?.[1] ?? null)).toEqual([
        'noop()',
        'noop(2000)',
        'noop(2000)',
      ]);
      expect(results.map((r) => /Steps taken: (\d+)/.exec(textOf(r))?.[1])).toEqual(['1', '2', '2']);
    } finally {
      await end();
    }
  });

  it('end an episode left for another configuration as agent-stopped, and record both', async () => {
    const out = join(dir, 'left');
    const { call, end } = await connect(out);
    try {
      await call('decoy_reset', { scenario: handleOf(ID) });
      await call('browser_wait_for', { time: 1 });
      const opened = await call('decoy_reset', { scenario: handleOf(other.manifest.id) });
      expect(textOf(opened)).toMatch(
        new RegExp(`^\\(The episode of configuration ${handleOf(ID)} was left and has ended\\.\\)`),
      );
      await call('decoy_infeasible', { reason: 'cannot' });
    } finally {
      await end();
    }
    const { episodes } = readRunFolder(out);
    expect(episodes.map((e) => [e.scenario, e.end.kind, e.steps.length])).toEqual([
      [ID, 'agent-stopped', 1],
      [other.manifest.id, 'infeasible', 1],
    ]);
  });

  it('keep the episodes of the same run when started again on its folder, and refuse to play one again', async () => {
    const out = join(dir, 'again');
    const first = await connect(out);
    try {
      await first.call('decoy_reset', { scenario: handleOf(ID) });
      await first.call('decoy_answer', { text: 'Grace Brennan' });
    } finally {
      await first.end();
    }
    const held = readRunFolder(out).episodes;
    const second = await connect(out);
    try {
      const listed = (await second.call('decoy_list')).structuredContent as {
        configurations: { handle: string; played: boolean }[];
      };
      expect(listed.configurations.filter((c) => c.played).map((c) => c.handle)).toEqual([handleOf(ID)]);
      const again = await second.call('decoy_reset', { scenario: handleOf(ID) });
      expect([again.isError, textOf(again)]).toEqual([
        true,
        `configuration ${handleOf(ID)} was played already in this run folder, and its record stands (decoy_score gives it); a server with another --out plays it anew`,
      ]);
      expect((await second.call('decoy_score', { scenario: handleOf(ID) })).structuredContent).toMatchObject({
        scenario: ID,
        T: held[0]?.T,
      });
      // With no handle, the first configuration not played opens.
      expect(textOf(await second.call('decoy_reset'))).toMatch(/^### Configuration (?!${handleOf(ID)})/);
    } finally {
      await second.end();
    }
    expect(readRunFolder(out).episodes.slice(0, 1)).toEqual(held);
    expect(readRunFolder(out).episodes).toHaveLength(2);
    // Another run (another defense) into the same folder is refused, as decoy run refuses it.
    await expect(connect(out, 'gate')).rejects.toThrow(/already holds a different run/);
  });
});

describe('decoy mcp --scenario', () => {
  it('serves only the configuration it names, and refuses an id it does not serve before taking a folder', async () => {
    const one = await connect(
      join(dir, 'one'),
      'none',
      all.filter((b) => b.manifest.id === ID),
    );
    try {
      const listed = (await one.call('decoy_list')).structuredContent as { configurations: { handle: string }[] };
      expect(listed.configurations.map((c) => c.handle)).toEqual([handleOf(ID)]);
    } finally {
      await one.end();
    }
    const r = await decoyIn(dir, 'mcp', '--suite', 'demo', '--scenario', 'demo.v5.nothing.s7', '--out', 'never');
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toBe(
      "decoy mcp: --scenario 'demo.v5.nothing.s7' is none of the 16 configurations served (ids as decoy generate names their folders)\n",
    );
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });
});

// A check on the script the tests share: its calls are one per action, in Playwright-MCP's terms.
describe('the test script', () => {
  it('turns actions into the tool calls a Playwright-MCP client makes', () => {
    expect(toolCall({ name: 'uncheck', bid: 'e3' })).toEqual({
      name: 'browser_click',
      arguments: { element: 'the element', ref: 'e3' },
    });
  });
});
