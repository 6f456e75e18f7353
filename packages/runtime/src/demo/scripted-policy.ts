/**
 * THE DEMO'S SCRIPTED POLICY: a small program that plays the model's part, so the demo runs
 * offline with no model at all. Everything around it is real (the runtime, scratchpad processes,
 * detectors, cerebellum, memory files).
 *
 * It issues the tool calls of one fixed story (summarise sales.csv). Before planning, it reads
 * what a model would read: its system prompt and its tools' descriptions (where engram puts the
 * rules and lessons it learned). When one of them holds a rule about a step of the story, the
 * policy follows that rule instead of its habit:
 * - "Use ONE scratchpad" -> it keeps every cell on its first pad;
 * - "killed for running too long ... make the next cell smaller" -> it aggregates in one small pass
 *   instead of its heavy all-in-one cell;
 * - "Check the path exists" / "same error message" -> it lists the folder before opening a file
 *   it is not sure of, instead of retrying the same open.
 * Asked for a post-mortem of failed cells (a structured request), it answers as a model would,
 * with one lesson per kind of failure it recognises in the cells it is shown.
 */
import { LlmError, type LlmRequest, type LlmResponse, type LlmTransportShape } from '@engram/llm';
import { Effect } from 'effect';

interface ToolCall {
  readonly name: 'scratchpad';
  readonly input: Record<string, unknown>;
}
type Step = { readonly call: ToolCall } | { readonly answer: string };

/** Which learned rules the policy saw, by the phrase it recognises. */
interface RulesSeen {
  readonly onePad: boolean;
  readonly smallerCells: boolean;
  readonly checkPaths: boolean;
}

const readRules = (request: Pick<LlmRequest, 'system' | 'tools'>): RulesSeen => {
  const shown = [request.system, ...request.tools.map((t) => t.description)].join('\n');
  return {
    onePad: /ONE scratchpad/.test(shown),
    smallerCells: /killed for running too long/i.test(shown),
    checkPaths: /Check the path exists|same error message/i.test(shown),
  };
};

const exec = (name: string, code: string, description: string): Step => ({ call: { name: 'scratchpad', input: { action: 'exec', name, code, one_line_description: description } } });

const LOAD = "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nprint(len(rows), 'rows loaded')";
/**
 * The habit that goes wrong: one cell that does everything, heavy by its amount of work (a count
 * no pad limit lets it finish), never by the clock, so it is killed whatever the machine's load.
 */
const HEAVY = "n = 0\nfor i in range(10 ** 12):\n    n += i  # recompute every chart at full resolution\nprint('done', n)";
const SMALL = "totals = {}\nfor r in rows:\n    totals[r['region']] = totals.get(r['region'], 0) + float(r['amount'])\nprint(totals)";
const OPEN_Q3 = "import csv\nq3 = list(csv.DictReader(open('sales_q3.csv')))\nprint(len(q3))";
const LIST = "import os\nprint(sorted(os.listdir('.')))";
const Q3_FROM_SALES = "import csv\nq3 = [r for r in csv.DictReader(open('sales.csv')) if r['quarter'] == 'Q3']\nprint(len(q3), 'Q3 rows')";

/** The story as a list of steps, given the rules the policy was shown. */
const planStory = (rules: RulesSeen): Step[] => {
  const second = rules.onePad ? 'sales' : 'report';
  // Without the one-pad rule, the habit is a fresh pad for the report, where `rows` does not exist:
  // that pad has to load again (and the switch itself is what the ACC notices).
  const steps: Step[] = [exec('sales', LOAD, 'load the sales data')];
  if (!rules.onePad) steps.push(exec(second, LOAD, 'load the data again in the report pad'));
  if (rules.smallerCells) steps.push(exec(second, SMALL, 'aggregate per region in one small pass'));
  else steps.push(exec(second, HEAVY, 'render every chart at full resolution'), exec(second, HEAVY, 'try rendering again'));
  if (rules.checkPaths) steps.push(exec(second, LIST, 'check which files exist before opening one'), exec(second, Q3_FROM_SALES, 'take Q3 from sales.csv'));
  else steps.push(exec(second, OPEN_Q3, 'open the Q3 file'), exec(second, OPEN_Q3, 'open the Q3 file again'), exec(second, OPEN_Q3, 'one more try'));
  steps.push({
    answer: rules.checkPaths && rules.smallerCells ? 'Q3 summary ready: totals per region computed from sales.csv.' : 'I could not finish the Q3 summary: the report kept timing out and sales_q3.csv was not found.',
  });
  return steps;
};

/** The policy's post-mortem: a lesson for each failure it recognises in the cells shown. */
const postMortemLessons = (request: LlmRequest): { text: string; topic: string }[] => {
  const shown = request.messages.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n'))).join('\n');
  const lessons: { text: string; topic: string }[] = [];
  if (/FileNotFoundError|No such file/.test(shown)) lessons.push({ text: 'Check the path exists before opening a file: list the folder first instead of guessing a file name.', topic: 'scratchpad' });
  if (/timed out/i.test(shown)) lessons.push({ text: 'Split slow work into small passes over the data instead of one cell that does everything.', topic: 'scratchpad' });
  return lessons;
};

/** The policy as an LLM transport: every answer is recorded by the LLM port like a model's. */
export const scriptedPolicy = (): LlmTransportShape => ({
  provider: 'scripted-policy',
  target: 'engram demo (offline)',
  send: (request: LlmRequest) => {
    if (request.structured) {
      const tool = request.tools[0];
      if (!tool) return Effect.fail(new LlmError({ reason: 'bad_request', message: 'structured request without a tool' }));
      const answer: LlmResponse = { model: request.model, content: [{ type: 'tool_use', id: 'policy-structured', name: tool.name, input: { lessons: postMortemLessons(request) } }], stopReason: 'tool_use', usage: { inputTokens: 0, outputTokens: 0 } };
      return Effect.succeed(answer);
    }
    const step = planStory(readRules(request))[request.messages.filter((m) => m.role === 'assistant').length];
    const usage = { inputTokens: Math.ceil(request.system.length / 4), outputTokens: 20 };
    if (!step || 'answer' in step) return Effect.succeed({ model: request.model, content: [{ type: 'text', text: step?.answer ?? 'Done.' }], stopReason: 'end_turn', usage });
    const id = `policy-${request.messages.length}`;
    return Effect.succeed({ model: request.model, content: [{ type: 'tool_use', id, name: step.call.name, input: step.call.input }], stopReason: 'tool_use', usage });
  },
});
