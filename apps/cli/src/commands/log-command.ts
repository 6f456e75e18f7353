import type { Command } from 'commander';

export const registerLog = (_program: Command): void => {};
