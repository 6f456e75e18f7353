import { createBrain } from '@engram/runtime';

/**
 * Records a real host-driven session (no model): a cell that fails on an encoding error, the
 * fix, and a tool refused twice in a row, so the log holds a cerebellum lesson (from its
 * classifier) and an ACC rule, each with its chain of causes.
 */
export const recordSession = async (home: string, project: string): Promise<{ readonly log: string; readonly sessionId: string }> => {
  const brain = createBrain({ home, project, modes: { memory: 'autopilot', acc: 'active' } });
  const session = brain.session();
  session.startTurn('Summarise sales.csv by region');
  session.cell({ pad: 'main', code: "import pandas as pd\ndf = pd.read_csv('sales.csv')", description: 'load the csv', outcome: { kind: 'executed', error: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 10" } });
  session.cell({ pad: 'main', code: "df = pd.read_csv('sales.csv', encoding='latin-1')\nprint(df.groupby('region').sales.sum())", description: 'load with latin-1 and sum by region', outcome: { kind: 'executed', stdout: 'north 10\nsouth 20' } });
  session.endRound();
  for (let round = 0; round < 2; round++) {
    const id = session.toolCalled({ name: 'publish', input: { target: 'reports/q3' } });
    session.toolResulted({ id, name: 'publish', ok: false, error: "Refusing to save record for engine='gmail-1'" });
    session.endRound();
  }
  session.endTurn('North sold 10, south 20; publishing was refused.');
  await session.settled();
  await session.close();
  return { log: session.eventLog, sessionId: session.id };
};
