import type { AnyEnvelope, EventData } from '@engram/events';
import { buildEvent } from '@engram/events/testing';

type ErrorClass = EventData<'cerebellum.error.classified'>['errorClass'];

export interface CallOptions {
  readonly ok: boolean;
  /** The cerebellum's verdict on a failure (default `encoding`); null when the failure is left unclassified. */
  readonly errorClass?: ErrorClass | null;
  readonly signature?: string;
}

/**
 * Builds streams as the bus records them: a tool call, its result, and for a failure the
 * cerebellum's verdict right after, caused by the result (as the cerebellum publishes it).
 */
export class RecipeStream {
  readonly events: AnyEnvelope[] = [];
  private next = 1;

  private push(e: AnyEnvelope): string {
    this.events.push(e);
    return e.id;
  }

  private meta(causationId: string | null = null) {
    const seq = this.next++;
    return { seq, causationId };
  }

  turn(which: 'started' | 'completed' | 'failed' | 'cancelled' = 'started'): this {
    this.push(buildEvent(`executive.turn.${which}`, {}, this.meta()) as AnyEnvelope);
    return this;
  }

  session(memory: 'autopilot' | 'off' = 'autopilot'): this {
    this.push(buildEvent('executive.session.started', { modes: { memory, acc: 'passive' } }, this.meta()));
    return this;
  }

  call(toolUseId: string, name: string, input: Record<string, unknown>, o: CallOptions): this {
    this.push(buildEvent('executive.tool.called', { toolUseId, name, input, argsSummary: JSON.stringify(input).slice(0, 120) }, this.meta()));
    const error = o.ok ? '' : 'UnicodeDecodeError: boom';
    const resultId = this.push(buildEvent('executive.tool.resulted', { toolUseId, name, ok: o.ok, error, output: o.ok ? 'content' : '' }, this.meta()));
    const target = typeof input['path'] === 'string' ? input['path'] : null;
    if (!o.ok && o.errorClass !== null) this.classified(resultId, name, target, o);
    return this;
  }

  cell(cellId: string, pad: string, code: string, o: CallOptions): this {
    this.push(buildEvent('scratchpad.cell.requested', { cellId, pad, code, codeLength: code.length, description: 'a step' }, this.meta()));
    const outcome = o.ok ? { ok: true, error: '', stderr: '' } : { ok: false, error: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x81", stderr: '' };
    const id = this.push(buildEvent('scratchpad.cell.executed', { cellId, pad, ...outcome }, this.meta()));
    if (!o.ok && o.errorClass !== null) this.classified(id, 'scratchpad', pad, o);
    return this;
  }

  private classified(causationId: string, tool: string, target: string | null, o: CallOptions): void {
    const data = { errorClass: o.errorClass ?? 'encoding', signature: o.signature ?? "'utf-8' codec can't decode byte Q", tool, target, hint: 'Pass the encoding.' } as const;
    this.push(buildEvent('cerebellum.error.classified', data, this.meta(causationId)));
  }
}
