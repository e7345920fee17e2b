/**
 * decoy mcp as a client meets it: a process spoken to over stdio by the SDK's own client. An
 * episode played through it is the runner's episode of the same proposals behind the same
 * defense, and the folder it writes is a run folder every reader takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readRunFolder } from '../../../harness/run-folder.ts';
import { decoyIn } from '../../helpers.ts';
import { demoBundles, handleOf, ID, KEY_SECRET, trapThenSafe, type Script } from './script.ts';

const BIN = fileURLToPath(new URL('../../../bin/decoy.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decoy-mcp-stdio-'));
const out = join(dir, 'run');

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

let script: Script;
/** Every result the client got, in order, with the call that gave it. */
const results: { call: string; result: CallToolResult }[] = [];
const clientErrors: Error[] = [];
let stderr = '';

beforeAll(async () => {
  const bundle = demoBundles().find((b) => b.manifest.id === ID);
  if (!bundle) throw new Error(`no ${ID} in the demo suite`);
  script = await trapThenSafe(bundle, 'gate');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--suite', 'demo', '--defense', 'gate', '--key-secret', KEY_SECRET, '--out', out],
    cwd: dir,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'decoy-test', version: '1' });
  // A line on stdout that is not a protocol message reaches the client as an error.
  client.onerror = (e) => clientErrors.push(e);
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    results.push({ call: name, result });
    return result;
  };
  try {
    await call('decoy_list', {});
    await call('decoy_reset', { scenario: handleOf(ID) });
    for (const c of script.calls) await call(c.name, c.arguments);
    await call('decoy_score', {});
  } finally {
    await client.close();
  }
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy mcp over stdio', () => {
  it('plays an episode as the runner plays the same proposals behind the same defense: the same record, T and D', () => {
    const { expected } = script;
    // The script is worth its salt: the gate blocks the trap, the safe path completes the task.
    expect(expected.steps[script.trapStep]?.verdict.kind).toBe('block');
    expect([expected.T, expected.D, expected.end.kind]).toEqual([1, 0, 'answer']);
    const score = results.at(-1)?.result.structuredContent as Record<string, unknown>;
    expect(score).toMatchObject({ scenario: ID, T: expected.T, D: expected.D, STC: expected.STC });
    expect(readRunFolder(out).episodes).toEqual([expected]);
  });

  it("answers a blocked call with the defense's feedback as an error result, and the episode goes on", () => {
    const steps = results.filter((r) => r.call.startsWith('browser_') || r.call.startsWith('decoy_answer'));
    expect(steps).toHaveLength(script.expected.steps.length);
    const before = steps.slice(0, script.trapStep);
    const blocked = steps[script.trapStep];
    const rest = steps.slice(script.trapStep + 1);
    expect(before.map((r) => (r.result.isError ? textOf(r.result) : false))).toEqual(before.map(() => false));
    expect(blocked?.result.isError).toBe(true);
    expect(textOf(blocked!.result)).toContain(
      `blocked by the defense: ${script.expected.steps[script.trapStep]?.verdict.feedback}`,
    );
    // The page it shows is the one the next call acts on; every later step went through.
    const next = script.calls[script.trapStep + 1]?.arguments.ref;
    expect(next).toBeTypeOf('string');
    expect(textOf(blocked!.result)).toContain(`[ref=${next as string}]`);
    expect(rest.map((r) => r.result.isError ?? false)).toEqual(rest.map(() => false));
    expect(textOf(rest.at(-1)!.result)).toContain('### Episode ended');
  });

  it('writes nothing but protocol messages on stdout, and tells its operator on stderr', () => {
    expect(clientErrors).toEqual([]);
    expect(stderr).toContain(`${ID}: T=1 D=0 STC=1 (answer)`);
  });

  it('writes a run folder that decoy assess reads like any other', async () => {
    const { config, summary } = readRunFolder(out);
    expect(config).toMatchObject({ suite: 'demo', agent: 'mcp', defense: 'gate', seed: 7 });
    expect(summary.episodes).toBe(1);
    const r = await decoyIn(dir, 'assess', '--defense', 'gate', '--runs', out, '--out', join(dir, 'assess'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });
});
