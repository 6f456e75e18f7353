/**
 * The browser side, after Observable Plot: `engramChart(id, description)` draws a
 * `PlotDescription` into the element. Mark names are checked against the list a description
 * may use, so the JSON only ever selects among Plot's drawing functions; the width defaults to
 * the element's. The chart's own SVG (not a legend swatch) gets the class `engram-chart-svg`. Kept as text (ES5, no build step) because it only runs in the page.
 */
export const CHART_CLIENT = `(function () {
  var MARKS = { dot: 1, line: 1, barX: 1, barY: 1, ruleX: 1, ruleY: 1 };
  window.engramChart = function (id, d) {
    var el = document.getElementById(id);
    if (!el) throw new Error('engram chart: no element #' + id);
    var marks = d.marks.map(function (m) {
      if (!Object.prototype.hasOwnProperty.call(MARKS, m.mark)) throw new Error('engram chart: unknown mark ' + m.mark);
      var data = !d.xTime ? m.data : m.data.map(function (r) { var o = Object.assign({}, r); o.x = new Date(r.x); return o; });
      return Plot[m.mark](data, m.options);
    });
    var options = Object.assign({}, d.options, { marks: marks });
    if (options.width === undefined) options.width = Math.max(320, Math.floor(el.getBoundingClientRect().width) || 640);
    var chart = Plot.plot(options);
    var svg = chart.tagName.toLowerCase() === 'svg' ? chart : chart.querySelector(':scope > svg');
    if (svg) svg.classList.add('engram-chart-svg');
    el.replaceChildren(chart);
  };
})();
`;
