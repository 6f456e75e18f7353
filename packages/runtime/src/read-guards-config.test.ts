import { defaultBreakerParams } from '@engram/executive';
import { describe, expect, it } from 'vitest';
import { GuardsConfigError, parseGuardsConfig } from './read-guards-config.js';

const F = '/p/.engram/guards.json';

describe('parseGuardsConfig', () => {
  it('keeps the defaults for what is not set, and per-tool limits inherit the file-wide ones', () => {
    expect(parseGuardsConfig('{}', F)).toEqual({ ...defaultBreakerParams, perTool: {} });
    expect(parseGuardsConfig('{"warnAt":3,"blockAt":6,"perTool":{"Bash":{"blockAt":8},"poll_job":{"warnAt":5,"blockAt":10}}}', F)).toEqual({
      warnAt: 3,
      blockAt: 6,
      perTool: { Bash: { warnAt: 3, blockAt: 8 }, poll_job: { warnAt: 5, blockAt: 10 } },
    });
  });

  it('names the file and the field of what it cannot use', () => {
    expect(() => parseGuardsConfig('{"warnAt":0}', F)).toThrow(`${F}: field "warnAt": expected a whole number of failures, at least 1, got 0`);
    expect(() => parseGuardsConfig('{"perTool":{"Bash":{"warnAt":4,"blockAt":2}}}', F)).toThrow(`${F}: field "perTool.Bash.blockAt": 2 is below warnAt (4)`);
    expect(() => parseGuardsConfig('{"blokAt":3}', F)).toThrow(`${F}: field "blokAt": not a guards setting`);
    expect(() => parseGuardsConfig('{"perTool":[]}', F)).toThrow(`${F}: field "perTool": expected an object keyed by tool name`);
    expect(() => parseGuardsConfig('[1', F)).toThrow(`${F}: not valid JSON`);
  });

  it('names a nested field in the one input-error format, every problem at once', () => {
    const bad = () => parseGuardsConfig('{"warnAt":"2","perTool":{"Bash":{"warnAt":1.5},"Read":[]}}', F);
    expect(bad).toThrow(GuardsConfigError);
    expect(bad).toThrow(expect.objectContaining({ _tag: 'GuardsConfigError', reason: 'invalid' }));
    expect(bad).toThrow(
      `${F}: field "warnAt": expected a whole number of failures, at least 1, got "2"; field "perTool.Bash.warnAt": expected a whole number of failures, at least 1, got 1.5; field "perTool.Read": expected an object { "warnAt"?, "blockAt"? }, got an array`,
    );
  });
});
