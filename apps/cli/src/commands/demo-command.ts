import type { Command } from 'commander';

export const registerDemo = (_program: Command): void => {};
