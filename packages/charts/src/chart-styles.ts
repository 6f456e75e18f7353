/** Layout of chart sections and Plot's SVGs: readable type, charts that shrink with the page. */
export const CHART_STYLES = `.engram-chart{margin:0 0 28px;break-inside:avoid}
.engram-chart figcaption{font:600 14px/1.4 system-ui,sans-serif;color:#0f172a;margin:0 0 6px}
.engram-chart-plot{width:100%;min-height:60px}
.engram-chart-plot svg{max-width:100%;height:auto}
.engram-chart-plot figure{margin:0}
.engram-chart-plot h2{font:600 13px system-ui,sans-serif;margin:0 0 4px}
`;
