/**
 * engram in a Claude Agent SDK host, in process: `engramHooks()` is the `hooks` option of
 * `query()`. Memory reaches Claude with the first prompt, the circuit breaker denies a call that
 * keeps failing the same way, self-checks follow failures, and Claude's stop ends the turn and
 * learns. Same decisions as `engram hook <name>` (one implementation), without a process per hook.
 *
 * Run it with a real key: `ANTHROPIC_API_KEY=... node --conditions=@engram/source --import tsx
 * examples/agent-sdk.ts "your task"` (the SDK drives the Claude Code binary of its platform
 * package). The tests run it offline against a local fake Messages API (`env.ANTHROPIC_BASE_URL`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { engramHooks } from '@engram/claude-code';

export interface AgentSdkExampleOptions {
  readonly home: string;
  readonly project: string;
  readonly prompt: string;
  /** The Claude Code process's environment (the SDK replaces, not merges, it); default this process's. */
  readonly env?: Record<string, string | undefined>;
  readonly model?: string;
}

export const agentSdkExample = async (o: AgentSdkExampleOptions) => {
  const problems: string[] = [];
  const hooks = engramHooks({ home: o.home, project: o.project, warn: (m) => problems.push(m) });
  const toolResults: { readonly id: string; readonly text: string; readonly isError: boolean }[] = [];
  let result = '';
  for await (const message of query({
    prompt: o.prompt,
    options: {
      cwd: o.project,
      hooks,
      tools: ['Bash'],
      allowedTools: ['Bash'],
      settingSources: [], // only what is passed here: no user or project settings (nor their shell hooks)
      maxTurns: 12,
      ...(o.env === undefined ? {} : { env: o.env }),
      ...(o.model === undefined ? {} : { model: o.model }),
    },
  })) {
    if (message.type === 'user' && Array.isArray(message.message.content))
      for (const block of message.message.content)
        if (block.type === 'tool_result') toolResults.push({ id: block.tool_use_id, text: typeof block.content === 'string' ? block.content : JSON.stringify(block.content), isError: block.is_error === true });
    if (message.type === 'result') result = message.subtype === 'success' ? message.result : message.subtype;
  }
  return { result, toolResults, problems };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const home = mkdtempSync(join(tmpdir(), 'engram-agent-sdk-'));
  console.log(JSON.stringify(await agentSdkExample({ home, project: process.cwd(), prompt: process.argv[2] ?? 'List the files here.' }), null, 2));
}
