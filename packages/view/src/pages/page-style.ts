/**
 * The one stylesheet, inlined in every page and in `--html` files (no network, no build step).
 * Neutral greys for structure; colour only where it means something: red failures, amber
 * nudges, violet breaker verdicts, green learning, blue memory traffic.
 */
export const PAGE_STYLE = `
:root{--bg:#f6f7f9;--card:#fff;--ink:#1d2433;--muted:#667085;--line:#e4e7ec;--accent:#4f46e5;
--fail:#c0262d;--fail-bg:#fef3f2;--nudge:#b54708;--nudge-bg:#fffaeb;--breaker:#6941c6;--breaker-bg:#f4f3ff;
--lesson:#067647;--lesson-bg:#ecfdf3;--memory:#175cd3;--memory-bg:#eff8ff;--ok:#067647}
*{box-sizing:border-box}
html{font-size:15px}
body{margin:0;background:var(--bg);color:var(--ink);font-family:Inter,"Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
code,pre,.mono{font-family:"JetBrains Mono","SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;font-size:.85rem}
nav.top{position:sticky;top:0;z-index:5;display:flex;align-items:center;gap:28px;padding:0 32px;height:56px;background:#111827;color:#e5e7eb}
nav.top .brand{font-weight:700;font-size:1.1rem;letter-spacing:.02em;color:#fff;display:flex;align-items:center;gap:9px}
nav.top .brand i{display:inline-block;width:14px;height:14px;border-radius:4px;background:linear-gradient(135deg,#818cf8,#34d399)}
nav.top a{color:#cbd5e1;font-weight:500;padding:17px 2px;border-bottom:2px solid transparent}
nav.top a:hover{color:#fff;text-decoration:none}
nav.top a.active{color:#fff;border-bottom-color:#818cf8}
nav.top .where{margin-left:auto;color:#94a3b8;font-size:.8rem;max-width:45%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{max-width:1120px;margin:0 auto;padding:28px 32px 64px}
h1{font-size:1.6rem;margin:0 0 4px;font-weight:650;letter-spacing:-.01em}
h2{font-size:1.15rem;margin:32px 0 12px;font-weight:620}
h3{font-size:.95rem;margin:20px 0 8px;font-weight:600;color:#344054}
.sub{color:var(--muted);margin:0 0 22px}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;box-shadow:0 1px 2px rgba(16,24,40,.04);padding:18px 20px;margin:0 0 16px}
table{width:100%;border-collapse:collapse;background:var(--card);border:1px solid var(--line);border-radius:12px;overflow:hidden}
th,td{text-align:left;padding:10px 14px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);background:#fafbfc;font-weight:600}
tr:last-child td{border-bottom:none}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:hover{background:#fafbff}
.pill{display:inline-block;padding:1px 9px;border-radius:999px;font-size:.72rem;font-weight:600;background:#f2f4f7;color:#344054;white-space:nowrap}
.pill.failure{background:var(--fail-bg);color:var(--fail)}.pill.nudge{background:var(--nudge-bg);color:var(--nudge)}
.pill.breaker{background:var(--breaker-bg);color:var(--breaker)}.pill.lesson{background:var(--lesson-bg);color:var(--lesson)}
.pill.memory{background:var(--memory-bg);color:var(--memory)}.pill.ok{background:var(--lesson-bg);color:var(--ok)}
.pill.live{background:#fee4e2;color:#b42318}.pill.live::before{content:"";display:inline-block;width:7px;height:7px;border-radius:50%;background:#f04438;margin-right:5px;vertical-align:1px}
.zero{color:#98a2b3}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:12px;margin:0 0 8px}
.tile{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:14px 16px}
.tile .v{font-size:1.5rem;font-weight:650;font-variant-numeric:tabular-nums}.tile .k{color:var(--muted);font-size:.8rem}
.timeline{list-style:none;margin:0;padding:0}
.filters{display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:10px 14px}.filters label{font-size:.8rem;color:var(--muted)}
.timeline li details summary{cursor:pointer;color:var(--muted);font-size:.78rem}
.timeline li{scroll-margin-top:72px;position:relative;margin:0 0 6px 0;padding:8px 14px 8px 18px;background:var(--card);border:1px solid var(--line);border-left:4px solid #d0d5dd;border-radius:8px}
.timeline li:target{box-shadow:0 0 0 3px #c7d2fe;border-color:#818cf8}
.timeline li .head{display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.timeline li .title{font-weight:550;overflow-wrap:anywhere}
.timeline li .meta{margin-left:auto;color:#98a2b3;font-size:.75rem;white-space:nowrap}
.timeline li .meta a{color:#98a2b3}
.timeline li pre{margin:8px 0 2px;padding:10px 12px;background:#f8f9fb;border:1px solid #eef0f3;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:320px;overflow:auto}
.timeline li.turn{margin-top:26px;background:#111827;color:#f9fafb;border-color:#111827;border-left-color:#818cf8;padding:12px 16px}
.timeline li.turn .pill{background:#312e81;color:#e0e7ff}.timeline li.turn .meta,.timeline li.turn .meta a{color:#9ca3af}
.timeline li.round{margin:14px 0 6px;padding:2px 0 2px 2px;background:none;border:none;color:var(--muted);font-size:.78rem;text-transform:uppercase;letter-spacing:.06em;font-weight:600}
.timeline li.round .pill{display:none}.timeline li.round .meta{text-transform:none;letter-spacing:0;font-weight:400}
.timeline li.quiet,.timeline li.model{background:#fcfcfd;color:#475467;font-size:.88rem;padding-top:5px;padding-bottom:5px}
.timeline li.failure{border-left-color:var(--fail);background:var(--fail-bg)}
.timeline li.nudge{border-left-color:#f79009;background:var(--nudge-bg)}
.timeline li.breaker{border-left-color:var(--breaker);background:var(--breaker-bg)}
.timeline li.lesson{border-left-color:#12b76a;background:var(--lesson-bg)}
.timeline li.memory{border-left-color:#2e90fa}
.timeline li.ok{border-left-color:#a6f4c5}
.timeline li.fresh{animation:fresh 2s ease-out}
@keyframes fresh{from{box-shadow:0 0 0 3px #fde68a}to{box-shadow:none}}
.entry{padding:14px 0;border-bottom:1px solid var(--line)}.entry:last-child{border-bottom:none}
.entry .text{font-weight:520;overflow-wrap:anywhere}
.entry .facts{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin-top:6px;color:var(--muted);font-size:.8rem}
details{margin-top:8px}summary{cursor:pointer;color:var(--accent);font-size:.85rem}
ol.chain{margin:8px 0 0;padding-left:22px;font-size:.85rem}ol.chain li{margin:3px 0}
ol.chain .type{color:var(--muted)}
.empty{color:var(--muted);font-style:italic;padding:6px 0}
form.inline{display:inline}
button,.button{font:inherit;font-size:.8rem;font-weight:600;padding:5px 12px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;color:#344054;cursor:pointer}
button:hover{background:#f9fafb}button.danger{color:var(--fail);border-color:#fda29b}button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
textarea,select,input[type=text]{font:inherit;font-size:.9rem;padding:8px 10px;border:1px solid #d0d5dd;border-radius:8px;background:#fff;width:100%}
textarea{font-family:"JetBrains Mono",Menlo,Consolas,monospace;font-size:.82rem;min-height:120px}
label{display:block;font-size:.8rem;font-weight:600;color:#344054;margin:10px 0 4px}
.verdict{display:flex;align-items:center;gap:12px;font-size:1.05rem;font-weight:600}
.verdict.pass{color:var(--ok)}.verdict.fail{color:var(--fail)}
.note{background:var(--nudge-bg);border:1px solid #fedf89;color:#93370d;border-radius:10px;padding:10px 14px;margin:0 0 16px;font-size:.88rem}
.done{background:var(--lesson-bg);border:1px solid #abefc6;color:#05603a;border-radius:10px;padding:10px 14px;margin:0 0 16px}
.chart-card{padding:16px 20px 10px}.chart-card .engram-chart{margin:0 0 6px}.chart-card details{margin:0 0 6px}.chart-card table{margin-top:8px}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:16px}
form.search{margin:12px 0 20px}form.search input{font:inherit;padding:7px 10px;border:1px solid #cbd5e1;border-radius:6px;max-width:100%}form.search button{font:inherit;padding:7px 14px;border:0;border-radius:6px;background:#4f46e5;color:#fff;cursor:pointer}
ol.results li{margin:0 0 12px}ol.results .hit{font-weight:600}ol.results div{margin:2px 0 0 0}
@media (max-width:860px){.grid2{grid-template-columns:1fr}nav.top .where{display:none}}
`;
