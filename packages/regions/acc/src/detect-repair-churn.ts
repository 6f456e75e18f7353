import { countDetector } from './count-detector.js';

/** Repeated history repairs mean tool_use/tool_result pairs keep breaking (anton.md §2.5 #8). */
export const detectRepairChurn = countDetector('acc.repair-churn', 'detect_repair_churn', 'history_repair', 'minRepairs');
