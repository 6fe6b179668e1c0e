"""The review page's stylesheet, inlined so the page is one file that needs no network.

Long words (a player's name is cut at 40 characters, but may have no space in it) wrap rather
than widen the page. Cards sit in a responsive grid; a corrected roll has a blue edge, a doubtful
read an amber one and a tinted background, the roll that ended a game a gold one; the focused card
has a clear ring.
"""

STYLE = """
:root { --ink: #1d2330; --muted: #5d6675; --paper: #f5f3ee; --card: #fff; --line: #e2ded5;
  --blue: #2563eb; --amber: #d97706; --amber-bg: #fff7e6; --gold: #b8860b; --red: #c0392b; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--paper); overflow-wrap: anywhere; }
select { max-width: 16em; }
header { padding: 18px 28px 6px; }
h1 { margin: 0; font-size: 24px; } h1 .title { font-weight: 400; color: var(--muted); }
h2 { margin: 0 0 8px; font-size: 15px; text-transform: uppercase; letter-spacing: .06em;
  color: var(--muted); }
.meta { margin: 4px 0 0; color: var(--muted); }
.warning { margin: 8px 0 0; padding: 6px 10px; border-radius: 6px; background: var(--amber-bg);
  color: #8a4b00; border: 1px solid #f3c77a; }
main { padding: 0 28px 40px; }
.overview { display: grid; grid-template-columns: minmax(0, 3fr) minmax(220px, 1fr); gap: 16px;
  margin: 12px 0 16px; }
.overview .chart { grid-row: span 3; align-self: start; }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
  padding: 14px 16px; }
#chart { width: 100%; height: auto; display: block; }
#chart .grid { stroke: #ece8df; } #chart .tick { font-size: 11px; fill: var(--muted); }
#chart .tick.pot { fill: #9aa1ad; }
#chart .axis { font-size: 11px; fill: var(--muted); font-style: italic; }
#chart .label { font-size: 12px; fill: var(--muted); font-weight: 600; }
#chart .boundary { stroke: #9aa1ad; stroke-dasharray: 4 4; }
#chart .line { fill: none; stroke-width: 2.2; stroke-linejoin: round; transition: opacity .15s; }
#chart .center { fill: none; stroke: #9aa1ad; stroke-width: 1.6; stroke-dasharray: 2 3; }
#chart .winner { fill: #fff; stroke-width: 3; }
#chart .hit { fill: transparent; cursor: pointer; }
#chart .hit:hover { fill: rgba(37, 99, 235, .08); }
#chart .faded { opacity: .12; }
.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 8px 0 0;
  padding: 0; font-size: 13px; }
.legend li { display: flex; align-items: center; gap: 6px; }
.legend li.faded { opacity: .35; }
.swatch { width: 14px; height: 4px; border-radius: 2px; display: inline-block; }
.swatch.center { background: repeating-linear-gradient(90deg, #9aa1ad 0 3px, transparent 3px 5px); }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
.fairness caption { text-align: left; font-weight: 600; padding: 4px 0; }
.verdict { margin: 6px 0 10px; }
th { text-align: left; font-weight: 600; color: var(--muted); font-size: 12px; }
td, th { padding: 3px 6px 3px 0; border-bottom: 1px solid #f0ede6; }
td.bar { width: 45%; } td.bar span { display: block; height: 8px; border-radius: 4px;
  background: var(--gold); }
.current, .struck { margin: 10px 0 0; font-size: 13px; color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }
.filters { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 10px 18px;
  align-items: center; padding: 10px 14px; margin: 0 -14px 14px; \
background: rgba(245, 243, 238, .95);
  border-bottom: 1px solid var(--line); backdrop-filter: blur(4px); }
.filters select { font: inherit; padding: 2px 6px; }
#shown { font-weight: 600; }
.keys { margin-left: auto; color: var(--muted); font-size: 12px; }
kbd { font: 11px ui-monospace, monospace; padding: 1px 5px; border: 1px solid #cfc9bd;
  border-bottom-width: 2px; border-radius: 4px; background: #fff; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(310px, 1fr)); gap: 16px; }
.card { background: var(--card); border: 1px solid var(--line); border-left: 5px solid #cfd5de;
  border-radius: 10px; overflow: hidden; display: flex; flex-direction: column; outline: none;
  scroll-margin-top: 70px; }
.card[hidden] { display: none; }
.card:focus { box-shadow: 0 0 0 3px var(--blue); }
.card.ended { border-left-color: var(--gold); }
.card.doubtful { border-left-color: var(--amber); background: var(--amber-bg); }
.card.corrected { border-left-color: var(--blue); }
.photo { display: block; aspect-ratio: 4 / 3; background: #2b2f36; }
.photo img { width: 100%; height: 100%; object-fit: contain; display: block; }
.photo.none { display: flex; align-items: center; justify-content: center; aspect-ratio: auto;
  padding: 14px; background: #eceae4; color: var(--muted); font-size: 13px; font-style: italic; }
.body { padding: 10px 14px 12px; }
.body h3 { margin: 0 0 6px; font-size: 16px; display: flex; flex-wrap: wrap; gap: 2px 8px;
  align-items: baseline; }
.num { color: var(--muted); font-weight: 500; } .where { color: var(--muted); font-size: 13px;
  font-weight: 400; }
.flag { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em;
  padding: 1px 7px; border-radius: 10px; color: #fff; background: var(--blue); }
.flag.doubtful { background: var(--amber); } .flag.ended { background: var(--gold); }
.flag.answered { background: #2e7d32; }
.faces { margin: 4px 0; }
.die { display: inline-block; min-width: 34px; padding: 3px 8px; margin-right: 6px;
  text-align: center; font-weight: 700; border: 2px solid var(--ink); border-radius: 7px;
  background: #fff; }
.die sub { font-weight: 400; color: var(--muted); margin-left: 3px; }
.correction { margin: 6px 0; color: var(--blue); } .correction s { color: var(--muted); }
.seen { margin: 4px 0; font-size: 13px; }
.seen-die { margin-right: 8px; font-weight: 600; } .seen-die small { color: var(--muted);
  font-weight: 400; }
.seen-die.low, .seen-die.low small { color: var(--red); }
.how { color: var(--muted); }
.doubts { margin: 4px 0; padding-left: 18px; color: #8a4b00; font-size: 13px; }
.moves { margin: 6px 0; }
.standings { list-style: none; padding: 0; margin: 6px 0 0; display: flex; flex-wrap: wrap;
  gap: 2px 12px; font-size: 13px; color: var(--muted); }
.standings b { color: var(--ink); } .standings .roller { text-decoration: underline; }
.standings .winner b { color: var(--gold); }
.time { margin: 6px 0 0; font-size: 11px; color: #9aa1ad; }
dialog { border: none; padding: 0; max-width: 96vw; max-height: 96vh; background: #111;
  border-radius: 8px; }
dialog::backdrop { background: rgba(0, 0, 0, .7); }
dialog img { display: block; max-width: 96vw; max-height: 88vh; min-width: min(640px, 90vw);
  image-rendering: auto; }
dialog .caption { color: #eee; margin: 6px 12px; font-size: 13px; }
dialog .close { position: absolute; top: 8px; right: 8px; }
@media (max-width: 800px) { .overview { grid-template-columns: 1fr; } .keys { display: none; }
  header, main { padding-left: 12px; padding-right: 12px; } }
"""
