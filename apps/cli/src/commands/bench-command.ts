import type { Command } from 'commander';

export const registerBench = (_program: Command): void => {};
