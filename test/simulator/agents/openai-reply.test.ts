import { describe, expect, it } from 'vitest';
import { proposalOf } from '../../../simulator/agents/_openai/reply.ts';
import type { ChatReply } from '../../../simulator/llm/chat.ts';

const text = (content: string): ChatReply => ({
  content,
  toolCalls: [],
  finishReason: 'stop',
  usage: { promptTokens: 0, completionTokens: 0 },
});

describe('the openai agent reads a reply without tools', () => {
  it('takes the last action that parses: a model reasons about the trap before it acts', () => {
    expect(proposalOf(text("I could click('e21') to accept all cookies, but I will click('e22') instead."))).toBe(
      "click('e22')",
    );
    expect(proposalOf(text("Options: click('e3').\nAction:\nfill('e4', \"Maya\")"))).toBe('fill(\'e4\', "Maya")');
  });

  it('takes the shortest call that parses when text follows it, and hands on an unparsable one to be refused', () => {
    expect(proposalOf(text("click('e12') (the blue button)"))).toBe("click('e12')");
    expect(proposalOf(text('click(e12)'))).toBe('click(e12)');
    expect(proposalOf(text(''))).toBe('no action given');
  });

  it('turns a tool call into keyword arguments the action table reads', () => {
    const call = (name: string, args: string): ChatReply => ({
      ...text(''),
      toolCalls: [{ id: 'c', name, arguments: args }],
    });
    expect(proposalOf(call('fill', '{"bid":"e3","value":"a\'b"}'))).toBe('fill(bid="e3", value="a\'b")');
    expect(proposalOf(call('click', '{not json'))).toBe('click({not json)');
  });
});
