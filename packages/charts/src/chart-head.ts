import { CHART_STYLES } from './chart-styles.js';
import { chartScript } from './effects/chart-script.js';

/**
 * What a page needs once before its first chart: the styles and the inlined plotting library.
 * With it the page draws every `chartSection` offline, with nothing fetched.
 */
export const chartHead = (): string => `<style>${CHART_STYLES}</style>\n<script>${chartScript()}</script>`;
