// test/lit/lib/browser_check.js - the HTML report in a real browser.
//
// Part of Sextant's tests. Opens a report written by `sextant report --html`
// in headless Chromium, driven through the DevTools protocol over a pipe
// (chromium_pipe.js: no port, no network, no npm package), and uses
// it as a person would: reads the call tree and compares every row shown
// with the experiment's profile.json, expands a call path, sorts by a
// column, selects a node, zooms the flame graph and searches it, and reads
// the run's panel (its suggested filter against the text of
// `sextant score -g`); the thread columns against profile-threads.json;
// of an MPI job, the rank columns, the heat map of the communication
// matrix and the load balance (checkMpi); the roofline's points against
// the regions `sextant roofline` lists (checkRoofline); the timeline of a
// traced run (checkTimeline); a traced job's wait states against `sextant
// export --format=wait-states` (checkWaits); the layout of long names at given window
// sizes (checkLayout). Any console error or uncaught exception fails the
// check. Screenshots of each view go to PREFIX-<view>.png.
//
// Usage: node browser_check.js --report FILE.html --profile profile.json
//          --filter FILTER_FILE --screenshots PREFIX [--chromium PATH]
//          [--threads profile-threads.json]
//          [--mpi JOB/mpi.json --ranks JOB/profile-ranks.json]
//          [--roofline ROOFLINE_TABLE] [--timeline LANES|DIR]
//          [--waits WAITS.json] [--viewports WIDTHxHEIGHT,...]
// Prints "browser check: N checks passed" or the failures (exit 1).
'use strict';

const fs = require('fs');
const { openPage } = require('./chromium_pipe');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) {
  args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
}
const chromiumPath = args.chromium || '/usr/bin/chromium';
const failures = [];
let checks = 0;
function check(condition, message) {
  ++checks;
  if (!condition) failures.push(message);
}

// ---- the expected values, from profile.json -------------------------------
// Path "main\0solve(int)" -> {inclusive, exclusive, visits}: the names of
// the frames joined by NUL, the one byte no name holds.
const SEP = '\0';
const expected = new Map();
const profile = JSON.parse(fs.readFileSync(args.profile, 'utf8'));
{
  const stack = profile.map((node) => [node, '']);
  while (stack.length > 0) {
    const [node, prefix] = stack.pop();
    const key = prefix + node.frame.name;
    const m = node.metrics;
    expected.set(key, { inclusive: m['time (inc)'], exclusive: m.time, visits: m.visits });
    // The report folds call paths below 256 levels (MaxViewDepth): deeper
    // paths are never rows, and their keys would grow with the square of
    // the depth.
    if (key.split(SEP).length < 260) {
      for (const child of node.children || []) stack.push([child, key + SEP]);
    }
  }
}
let totalInclusive = 0;
for (const root of profile) totalInclusive += root.metrics['time (inc)'];

// ---- the report in Chromium ----------------------------------------------
let browser = null;

// The rows of the call tree shown: path (names joined by NUL), depth, node,
// toggle, whether selected, and the texts of the cells of the column Keys.
function readTreeRows(evaluate, keys) {
  return evaluate(`(() => {
    const rows = [];
    const names = [];
    for (const tr of document.querySelectorAll('#call-tree tbody tr')) {
      const depth = (parseInt(tr.firstChild.style.paddingLeft) - 8) / 16;
      names.length = depth;
      // The full name is the label's title; the label may show it folded.
      names.push(tr.querySelector('.label').title);
      const row = { path: names.join('\\0'), depth, node: tr.getAttribute('data-node'),
        toggle: tr.querySelector('.toggle').textContent, selected: tr.classList.contains('selected') };
      for (const key of ${JSON.stringify(keys)}) {
        row[key] = tr.querySelector('td[data-key="' + key + '"]').textContent;
      }
      rows.push(row);
    }
    return rows;
  })()`);
}

async function main() {
  browser = await openPage(chromiumPath, args.report);
  const { evaluate, consoleErrors } = browser;
  const screenshot = (view) => browser.screenshot(args.screenshots + '-' + view + '.png');
  const readTree = () => readTreeRows(evaluate, ['inclusive', 'exclusive', 'visits']);
  const checkRows = (rows, when) => {
    for (const row of rows) {
      const want = expected.get(row.path);
      check(want !== undefined, when + ': row ' + row.path + ' is not a call path of profile.json');
      if (!want) continue;
      check(row.inclusive === want.inclusive.toFixed(6), when + ': ' + row.path + ' inclusive ' + row.inclusive + ', expected ' + want.inclusive.toFixed(6));
      check(row.exclusive === want.exclusive.toFixed(6), when + ': ' + row.path + ' exclusive ' + row.exclusive + ', expected ' + want.exclusive.toFixed(6));
      check(row.visits === String(want.visits), when + ': ' + row.path + ' visits ' + row.visits + ', expected ' + want.visits);
    }
  };

  // The call tree as it opens: the roots and their children, children by
  // inclusive time, largest first.
  let rows = await readTree();
  const shownAtFirst = [...expected.keys()].filter((key) => key.split(SEP).length <= 3).length;
  check(rows.length === Math.min(shownAtFirst, 20000), 'at first ' + rows.length + ' rows, expected the ' + shownAtFirst + ' call paths of the first three levels');
  checkRows(rows, 'at first');
  const siblingsOrdered = (rows, key, compare) => {
    const last = new Map();
    for (const row of rows) {
      const parent = row.path.slice(0, row.path.lastIndexOf(SEP));
      const value = key === 'name' ? row.path.slice(row.path.lastIndexOf(SEP) + 1) : Number(row[key]);
      if (last.has(parent) && compare(last.get(parent), value) > 0) return false;
      last.set(parent, value);
    }
    return true;
  };
  check(siblingsOrdered(rows, 'inclusive', (a, b) => b - a), 'at first: siblings not by inclusive time, largest first');

  // Expand a call path that is collapsed: its children appear below it.
  const collapsed = rows.find((row) => row.toggle === '\u25b8');
  if (collapsed) {
    await evaluate(`document.querySelector('#call-tree tr[data-node="${collapsed.node}"] .toggle').click()`);
    const after = await readTree();
    const children = [...expected.keys()].filter((key) => key.startsWith(collapsed.path + SEP) &&
      key.split(SEP).length === collapsed.path.split(SEP).length + 1);
    check(after.length === rows.length + children.length, 'expanding ' + collapsed.path + ' showed ' + (after.length - rows.length) + ' rows, expected ' + children.length);
    checkRows(after, 'expanded');
    rows = after;
  }

  // Sort by visits: siblings by visits, largest first; again: smallest first.
  await evaluate(`document.querySelector('#call-tree th[data-key="visits"]').click()`);
  rows = await readTree();
  check(await evaluate(`document.querySelector('#call-tree th[data-key="visits"]').className`) === 'num sorted descending', 'the visits column is not marked as sorted');
  check(siblingsOrdered(rows, 'visits', (a, b) => b - a), 'sorted by visits: siblings not largest first');
  checkRows(rows, 'sorted by visits');
  await evaluate(`document.querySelector('#call-tree th[data-key="visits"]').click()`);
  rows = await readTree();
  check(siblingsOrdered(rows, 'visits', (a, b) => a - b), 'sorted by visits again: siblings not smallest first');
  await evaluate(`document.querySelector('#call-tree th[data-key="name"]').click()`);
  rows = await readTree();
  check(siblingsOrdered(rows, 'name', (a, b) => (a < b ? -1 : a > b ? 1 : 0)), 'sorted by name: siblings not in order');
  await evaluate(`document.querySelector('#call-tree th[data-key="inclusive"]').click()`);

  // Select a node: its row is marked.
  rows = await readTree();
  const chosen = rows[Math.min(1, rows.length - 1)];
  await evaluate(`document.querySelector('#call-tree tr[data-node="${chosen.node}"] .label').click()`);
  rows = await readTree();
  check(rows.filter((row) => row.selected).map((row) => row.path).join() === chosen.path, 'selecting ' + chosen.path + ' did not mark its row alone');
  const chosenName = chosen.path.slice(chosen.path.lastIndexOf(SEP) + 1);
  check(await evaluate(`(document.getElementById('tree-details') || {}).textContent`) === chosenName, 'selecting ' + chosen.path + ' does not show its full name below the tree');
  await screenshot('tree');

  // The flame graph: the root spans the drawing; each frame's tooltip gives
  // the sum of the exclusive microseconds below it, as profile.json's
  // inclusive time; a click zooms to the frame.
  await evaluate(`document.getElementById('tab-flame').click()`);
  const readFrames = () => evaluate(`[...document.querySelectorAll('#flame-graph g.frame')].map((g) => ({
      node: g.getAttribute('data-node'), title: g.querySelector('title').textContent,
      width: Number(g.querySelector('rect').getAttribute('width')), match: g.hasAttribute('data-match') }))`);
  let frames = await readFrames();
  const area = await evaluate(`document.querySelector('#flame-graph svg').getAttribute('width') - 20`);
  check(frames.length > 1, 'the flame graph has ' + frames.length + ' frames');
  check(Math.abs(frames[0].width - area) < 0.01, 'the root frame is ' + frames[0].width + ' wide, expected ' + area);
  const titleValue = (title) => Number(title.slice(title.lastIndexOf('(') + 1).split(' ')[0].replace(/,/g, ''));
  const nameOfTitle = (title) => title.slice(0, title.lastIndexOf(' ('));
  let microseconds = 0;
  for (const root of profile) {
    const frame = frames.find((f) => nameOfTitle(f.title) === root.frame.name && f.node !== '-1');
    const want = root.metrics['time (inc)'] * 1e6;
    check(frame !== undefined, 'no frame for the root ' + root.frame.name);
    if (frame) check(Math.abs(titleValue(frame.title) - want) <= Math.max(2, want * 1e-6), 'frame ' + root.frame.name + ': ' + frame.title + ', expected about ' + Math.round(want) + ' us');
    microseconds += want;
  }
  check(Math.abs(titleValue(frames[0].title) - microseconds) <= Math.max(2, microseconds * 1e-6), 'root frame: ' + frames[0].title + ', expected about ' + Math.round(microseconds) + ' us');
  // The widest frame narrower than the whole, so that the zoom shows.
  const candidates = frames.filter((f) => f.node !== '-1').sort((a, b) => b.width - a.width);
  const widest = candidates.find((f) => f.width < area - 1) || candidates[0];
  await evaluate(`document.querySelector('#flame-graph g.frame[data-node="${widest.node}"]').dispatchEvent(new MouseEvent('click'))`);
  frames = await readFrames();
  const zoomed = frames.find((f) => f.node === widest.node);
  // The drawing is as wide as the page, which a scroll bar may narrow.
  const zoomedArea = await evaluate(`document.querySelector('#flame-graph svg').getAttribute('width') - 20`);
  check(zoomed && Math.abs(zoomed.width - zoomedArea) < 0.01, 'after the click ' + widest.title + ' is ' + (zoomed && zoomed.width) + ' wide, expected ' + zoomedArea);
  await screenshot('flame-zoomed');
  await evaluate(`document.getElementById('flame-reset').click()`);
  frames = await readFrames();
  check(Math.abs(frames.find((f) => f.node === widest.node).width - widest.width) < 0.01, 'Reset zoom did not restore ' + widest.title);

  // Search: the frames whose name matches are highlighted, and the share
  // matched is the profile's (outermost matches only).
  // The name of a frame drawn, besides the first root's if there is another
  // (a region's: not the row of folded call paths).
  const regionNames = new Set([...expected.keys()].map((key) => key.slice(key.lastIndexOf(SEP) + 1)));
  const drawnNames = frames.filter((f) => f.node !== '-1').map((f) => nameOfTitle(f.title))
    .filter((name) => regionNames.has(name));
  const term = drawnNames.find((name) => name !== profile[0].frame.name) || drawnNames[0];
  const literal = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await evaluate(`(() => { const s = document.getElementById('flame-search'); s.value = ${JSON.stringify(literal)}; s.dispatchEvent(new Event('input')); })()`);
  frames = await readFrames();
  const matching = frames.filter((f) => f.node !== '-1' && nameOfTitle(f.title).includes(term));
  check(matching.length > 0 && matching.every((f) => f.match), 'search ' + term + ': ' + matching.length + ' frames match, not all highlighted');
  check(frames.filter((f) => f.match).length === matching.length, 'search ' + term + ': frames highlighted that do not match');
  let matchedSeconds = 0;
  for (const [key, value] of expected) {
    const parts = key.split(SEP);
    if (!parts[parts.length - 1].includes(term)) continue;
    if (parts.slice(0, -1).some((part) => part.includes(term))) continue;
    matchedSeconds += value.inclusive;
  }
  const shown = await evaluate(`document.getElementById('flame-matched').textContent`);
  const wantShare = ((100 * matchedSeconds) / totalInclusive).toFixed(2);
  check(Math.abs(Number(shown.replace(/[^0-9.]/g, '')) - Number(wantShare)) <= 0.011, 'search ' + term + ': "' + shown + '", expected ' + wantShare + '%');
  await screenshot('flame-search');

  if (args.threads) await checkSpreadColumns(evaluate, screenshot, 'thread', threadSpreadOf(args.threads));
  if (args.mpi) await checkMpi(evaluate, screenshot);
  if (args.roofline) await checkRoofline(evaluate, screenshot);
  if (args.timeline) await checkTimeline(evaluate, screenshot);
  if (args.waits) await checkWaits(evaluate, screenshot);
  if (args.viewports) await checkLayout(browser, evaluate, screenshot);

  // The run: configuration and the suggested filter.
  await evaluate(`document.getElementById('tab-run').click()`);
  const program = await evaluate(`[...document.querySelectorAll('#configuration tr')].find((tr) => tr.firstChild.textContent === 'program').lastChild.textContent`);
  check(program.length > 0, 'the configuration shows no program');
  const filterShown = await evaluate(`document.getElementById('suggested-filter').textContent`);
  // The lines besides the header comment (command and date) are the same.
  const body = (text) => text.split('\n').filter((line) => !/^# (Score-P filter generated|date:)/.test(line)).join('\n');
  check(body(filterShown) === body(fs.readFileSync(args.filter, 'utf8')), 'the suggested filter differs from sextant score -g:\n' + filterShown);
  await evaluate(`document.getElementById('copy-filter').click()`);
  await screenshot('run');

  // Let late errors arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  check(consoleErrors.length === 0, 'console errors:\n' + consoleErrors.join('\n'));
}

// The spread columns of the call tree (KEY-min, -mean, -max, -imbalance)
// against Spread (path -> {min, mean, max, imbalance}), sorted by
// imbalance: siblings largest first, rows without it last.
async function checkSpreadColumns(evaluate, screenshot, key, spread) {
  await evaluate(`document.getElementById('tab-tree').click()`);
  const imbalance = `document.querySelector('#call-tree th[data-key="${key}-imbalance"]')`;
  check(await evaluate(`${imbalance} !== null`), 'no ' + key + ' max/mean column');
  await evaluate(`${imbalance}.click()`);
  const columns = ['min', 'mean', 'max', 'imbalance'];
  const rows = await readTreeRows(evaluate, columns.map((column) => key + '-' + column));
  check(await evaluate(`${imbalance}.className`) === 'num sorted descending', 'the ' + key + ' max/mean column is not marked as sorted');
  check(rows.length > 0, 'no rows after sorting by ' + key + ' imbalance');
  const last = new Map();
  for (const row of rows) {
    const want = spread.get(row.path);
    check(want !== undefined, key + ' columns: ' + row.path + ' has no expected spread');
    if (!want) continue;
    const shown = columns.map((column) => row[key + '-' + column]).join(' ');
    const expectedText = [want.min.toFixed(6), want.mean.toFixed(6), want.max.toFixed(6),
      want.imbalance === null ? '-' : want.imbalance.toFixed(2)].join(' ');
    check(shown === expectedText, key + ' columns of ' + row.path + ': ' + shown + ', expected ' + expectedText);
    const parent = row.path.slice(0, row.path.lastIndexOf(SEP));
    const value = want.imbalance === null ? -Infinity : want.imbalance;
    check(!last.has(parent) || last.get(parent) >= value, 'sorted by ' + key + ' imbalance: ' + row.path + ' after a smaller sibling');
    last.set(parent, value);
  }
  await screenshot('tree-' + key + '-imbalance');
  await evaluate(`document.querySelector('#call-tree th[data-key="inclusive"]').click()`);
}

// The threads' spread expected from profile-threads.json (--threads): the
// inclusive time over the threads that ran each call path, the entry of
// the threads beyond the bound left out.
function threadSpreadOf(file) {
  const values = new Map();
  for (const thread of JSON.parse(fs.readFileSync(file, 'utf8')).threads) {
    if (thread.merged_threads > 1) continue;
    const stack = thread.roots.map((node) => [node, '']);
    while (stack.length > 0) {
      const [node, prefix] = stack.pop();
      const key = prefix + node.frame.name;
      if (!values.has(key)) values.set(key, []);
      values.get(key).push(node.metrics['time (inc)']);
      for (const child of node.children || []) stack.push([child, key + SEP]);
    }
  }
  const spread = new Map();
  for (const [key, list] of values) {
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    const max = Math.max(...list);
    spread.set(key, { min: Math.min(...list), mean, max, imbalance: mean > 0 ? max / mean : null });
  }
  return spread;
}

// A traced job's wait states (--waits, the JSON of `sextant export
// --format=wait-states` of the same job): the call tree's "Wait s" column
// of every row shown is the seconds of the entries at its call path, summed
// over kinds and ranks (0 elsewhere), with every call path that waited
// shown once expanded; the view's totals and rows are the file's, largest
// first.
async function checkWaits(evaluate, screenshot) {
  const waits = JSON.parse(fs.readFileSync(args.waits, 'utf8'));
  const atPath = new Map();
  for (const entry of waits.wait_states) {
    const key = entry.call_path.join(SEP);
    atPath.set(key, (atPath.get(key) || 0) + entry.seconds);
  }
  await evaluate(`document.getElementById('tab-tree').click()`);
  // Expand every call path on the way to one that waited.
  for (let depth = 0; depth < 64; ++depth) {
    const closed = await evaluate(`[...document.querySelectorAll('#call-tree tbody tr')]
      .filter((tr) => tr.querySelector('.toggle').textContent === '\u25b8').map((tr) => tr.getAttribute('data-node'))`);
    if (closed.length === 0) break;
    for (const node of closed) {
      await evaluate(`document.querySelector('#call-tree tr[data-node="${node}"] .toggle').click()`);
    }
  }
  const rows = await readTreeRows(evaluate, ['wait']);
  const seen = new Set();
  for (const row of rows) {
    const want = atPath.get(row.path) || 0;
    if (atPath.has(row.path)) seen.add(row.path);
    check(row.wait === want.toFixed(6), 'Wait s of ' + row.path + ': ' + row.wait + ', expected ' + want.toFixed(6));
  }
  check(seen.size === atPath.size && atPath.size > 0, 'the call tree shows ' + seen.size + ' of the ' +
    atPath.size + ' call paths that waited');
  await screenshot('tree-waits');

  await evaluate(`document.getElementById('tab-waits').click()`);
  const totals = await evaluate(`[...document.querySelectorAll('#wait-totals td')].map((td) => td.textContent)`);
  const kinds = ['late_sender', 'late_receiver', 'wait_at_barrier', 'wait_at_nxn', 'late_broadcast', 'early_reduce'];
  check(totals.join(' ') === kinds.map((kind) => waits.totals[kind].toFixed(6)).join(' '),
    'wait-state totals ' + totals.join(' '));
  const shown = await evaluate(`[...document.querySelectorAll('#wait-rows tr')].slice(1)
    .map((tr) => [...tr.children].map((td) => td.textContent))`);
  const wanted = waits.wait_states.slice().sort((a, b) => b.seconds - a.seconds);
  check(shown.length === wanted.length, 'wait-state rows: ' + shown.length + ', expected ' + wanted.length);
  wanted.forEach((entry, k) => {
    const row = shown[k] || [];
    check(row[0] === entry.seconds.toFixed(6) && row[2] === String(entry.rank) &&
      row[4] === entry.call_path.join(' > '), 'wait-state row ' + k + ': ' + row.join(' | '));
  });
  await screenshot('waits');
}

// An MPI job's report (--mpi JOB/mpi.json --ranks JOB/profile-ranks.json):
// the call tree's rank columns against profile-ranks.json and a sort by
// imbalance; the heat map's cells against mpi.json's matrices in bytes and
// in messages (one cell per pair with traffic, its value and tooltip); a
// hover names sender, receiver and value; one wall-time bar per rank.
async function checkMpi(evaluate, screenshot) {
  const job = JSON.parse(fs.readFileSync(args.mpi, 'utf8'));
  const ranks = JSON.parse(fs.readFileSync(args.ranks, 'utf8'));
  // profile-ranks.json by call path (names joined by NUL).
  const spread = new Map();
  const pathOf = [];
  for (const node of ranks.nodes) {
    pathOf[node.node_id] = (node.parent_id === null ? '' : pathOf[node.parent_id] + SEP) + node.name;
    spread.set(pathOf[node.node_id], node.metrics['time (inc)']);
  }
  await checkSpreadColumns(evaluate, screenshot, 'rank', spread);

  await evaluate(`document.getElementById('tab-mpi').click()`);
  const readCells = () => evaluate(`[...document.querySelectorAll('#mpi-matrix rect.cell')].map((r) => ({
    from: Number(r.getAttribute('data-from')), to: Number(r.getAttribute('data-to')),
    value: Number(r.getAttribute('data-value')), title: r.querySelector('title').textContent }))`);
  for (const [field, option, unit] of [['bytes_sent', '2', 'bytes'], ['messages_sent', '3', 'messages']]) {
    await evaluate(`(() => { const s = document.getElementById('mpi-value'); s.value = '${option}'; s.dispatchEvent(new Event('change')); })()`);
    const cells = await readCells();
    // The job's mpi.json lists, per rank, the partners with traffic.
    let pairs = 0;
    job.point_to_point.forEach((partners, i) => {
      for (const entry of partners) {
        const j = entry.partner;
        const value = entry[field];
        if (!value) continue;
        ++pairs;
        const cell = cells.find((c) => c.from === i && c.to === j);
        check(cell !== undefined && cell.value === value, field + ' [' + i + '][' + j + ']: ' +
          (cell ? cell.value : 'no cell') + ', mpi.json ' + value);
        if (cell) check(cell.title === 'rank ' + i + ' \u2192 rank ' + j + ': ' + value.toLocaleString('en-US') + ' ' + unit, 'tooltip ' + cell.title);
      }
    });
    check(cells.length === pairs, field + ': ' + cells.length + ' cells, mpi.json has ' + pairs + ' pairs with traffic');
    check(pairs > 0, field + ': no traffic in mpi.json');
    if (cells.length > 0) {
      const c = cells[0];
      await evaluate(`document.querySelector('#mpi-matrix rect.cell[data-from="${c.from}"][data-to="${c.to}"]').dispatchEvent(new MouseEvent('mouseenter'))`);
      check(await evaluate(`document.getElementById('mpi-details').textContent`) === c.title, 'hovering a cell shows ' + c.title);
    }
    await screenshot('mpi-' + unit);
  }
  const bars = await evaluate(`document.querySelectorAll('#rank-wall g.bar').length`);
  check(bars === job.ranks, 'wall time: ' + bars + ' bars for ' + job.ranks + ' ranks');
  const regions = await evaluate(`document.querySelectorAll('#rank-regions g.bar').length`);
  check(regions === Math.min(12, ranks.nodes.length), 'load balance: ' + regions + ' call paths');
}

// The page at each window size of --viewports (e.g. 1400x900,1024x768),
// made for long C++ names: the page is no wider than the window; every
// number cell of the call tree's rows in the window lies inside it, and the
// names column keeps room; each name shown is its full name (the label's
// title, which the rows' paths compare with profile.json) or that name
// folded: shorter, with an ellipsis. The flame graph's labels fit in their
// frames and begin as the tree shows the name; with --mpi the load
// balance's labels lie inside the chart left of the bars, begin as the tree
// shows the name and have the full name in their tooltip. The run's tables
// of throttled and filtered regions show each name whole or folded, with
// the full name as its title. Prints the names shown ("tree name: ...",
// "run name: ...", "balance name: ...") for the test to check.
async function checkLayout(browser, evaluate, screenshot) {
  const folded = (text, full) => text === full || (text.length < full.length && text.includes('\u2026'));
  for (const size of args.viewports.split(',')) {
    const [width, height] = size.split('x').map(Number);
    console.log('layout ' + size + ':');
    await browser.page('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    await evaluate(`document.getElementById('tab-tree').click()`);
    const tree = await evaluate(`(() => {
      const cells = [];
      const names = [];
      for (const tr of document.querySelectorAll('#call-tree tbody tr')) {
        if (tr.getBoundingClientRect().top >= innerHeight) break;
        for (const td of tr.querySelectorAll('td.num')) {
          const box = td.getBoundingClientRect();
          cells.push({ key: td.getAttribute('data-key'), left: box.left, right: box.right });
        }
        const label = tr.querySelector('.label');
        names.push({ node: tr.getAttribute('data-node'), text: label.textContent, title: label.title,
          cell: tr.querySelector('td.name').getBoundingClientRect().width });
      }
      return { viewport: document.documentElement.clientWidth,
        page: document.documentElement.scrollWidth, cells, names };
    })()`);
    check(tree.viewport === width, size + ': the window is ' + tree.viewport + ' pixels wide');
    check(tree.page <= tree.viewport, size + ': the page is ' + tree.page + ' pixels wide, the window ' + tree.viewport);
    check(tree.cells.length > 0 && tree.names.length > 1, size + ': no rows of the call tree in the window');
    for (const cell of tree.cells) {
      check(cell.left >= 0 && cell.right <= tree.viewport, size + ': a ' + cell.key + ' cell spans ' +
        cell.left + ' to ' + cell.right + ', outside the window of ' + tree.viewport);
    }
    const shownName = new Map();
    for (const name of tree.names) {
      shownName.set(name.title, name.text);
      check(name.title !== '' && folded(name.text, name.title), size + ': the tree shows "' + name.text + '" for "' + name.title + '"');
      check(name.cell >= 200, size + ': the name of ' + name.title + ' has ' + name.cell + ' pixels');
      console.log('tree name: ' + name.text);
    }
    await screenshot('layout-' + size + '-tree');

    await evaluate(`document.getElementById('tab-run').click()`);
    const regions = await evaluate(`[...document.querySelectorAll('#throttled tr > td:first-child, #filtered tr > td:first-child')]
      .map((td) => ({ text: td.textContent, title: td.title }))`);
    for (const region of regions) {
      check(region.title !== '' && folded(region.text, region.title), size + ': the run shows "' + region.text + '" for "' + region.title + '"');
      console.log('run name: ' + region.text);
    }

    await evaluate(`document.getElementById('tab-flame').click()`);
    const frames = await evaluate(`[...document.querySelectorAll('#flame-graph g.frame')].filter((g) => g.querySelector('text')).map((g) => ({
      name: g.querySelector('title').textContent, text: g.querySelector('text').textContent,
      fits: g.querySelector('text').getComputedTextLength() <= Number(g.querySelector('rect').getAttribute('width')) - 3 }))`);
    for (const frame of frames) {
      const full = frame.name.slice(0, frame.name.lastIndexOf(' ('));
      const shown = shownName.has(full) ? shownName.get(full) : full;
      const start = frame.text.replace(/(\.\.|\u2026)$/, '');
      check(frame.fits, size + ': the flame graph label "' + frame.text + '" is wider than its frame');
      check(full === 'all' || shown.startsWith(start), size + ': the flame graph shows "' + frame.text + '" for "' + shown + '"');
    }

    if (!args.mpi) continue;
    await evaluate(`document.getElementById('tab-mpi').click()`);
    const bars = await evaluate(`[...document.querySelectorAll('#rank-regions g.bar')].map((g) => {
      const text = g.querySelector('text');
      const box = text.getBBox();
      return { tip: g.querySelector('title').textContent, text: text.textContent, left: box.x,
        right: box.x + box.width, bar: Number(g.querySelector('rect').getAttribute('x')) };
    })`);
    check(bars.length > 0, size + ': no call path in the load balance');
    for (const bar of bars) {
      const full = bar.tip.slice(0, bar.tip.lastIndexOf(': min '));
      const shown = shownName.has(full) ? shownName.get(full) : full;
      const start = bar.text.replace(/\u2026$/, '');
      check(bar.left >= 0 && bar.right <= bar.bar, size + ': the load balance label "' + bar.text + '" spans ' +
        bar.left + ' to ' + bar.right + ', outside 0 to ' + bar.bar);
      check(start.length >= Math.min(8, shown.length) && shown.startsWith(start), size + ': the load balance shows "' + bar.text + '" for "' + shown + '"');
      console.log('balance name: ' + bar.text);
    }
    await screenshot('layout-' + size + '-mpi');
  }
}

// The roofline view (--roofline LIST, the output of `sextant roofline
// DIR`): one point per region the table lists, its tooltip naming it, a
// hover showing it above the plot.
async function checkRoofline(evaluate, screenshot) {
  const lines = fs.readFileSync(args.roofline, 'utf8').split('\n');
  const header = lines.findIndex((line) => line.trim().startsWith('FLOP/byte'));
  const listed = lines.slice(header + 1).filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s{2,}/).pop());
  check(header >= 0 && listed.length > 0, 'sextant roofline lists no region');
  await evaluate(`document.getElementById('tab-roofline').click()`);
  const titles = await evaluate(`[...document.querySelectorAll('#roofline-plot g.point title')].map((t) => t.textContent)`);
  check(titles.length === listed.length, 'roofline: ' + titles.length + ' points, sextant roofline lists ' + listed.length + ' regions');
  for (const name of listed) {
    check(titles.filter((title) => title.startsWith(name + ': ')).length === 1, 'roofline: no single point for ' + name);
  }
  check(await evaluate(`document.querySelectorAll('#roofline-plot polyline.roof').length`) === 1, 'roofline: no roof drawn');
  await evaluate(`document.querySelector('#roofline-plot g.point').dispatchEvent(new MouseEvent('mouseenter'))`);
  check(await evaluate(`document.getElementById('roofline-details').textContent`) === titles[0], 'roofline: hovering a point does not show it');
  await screenshot('roofline');
}

// The number of lanes --timeline asks for: a number, or an experiment or
// job directory whose trace files (trace/*.sxt, rank-<r>/trace/*.sxt) count.
function expectedLanes(given) {
  if (/^[0-9]+$/.test(given)) return Number(given);
  const traces = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.sxt')).length : 0);
  let lanes = traces(given + '/trace');
  for (const entry of fs.readdirSync(given)) {
    if (/^rank-[0-9]+$/.test(entry)) lanes += traces(given + '/' + entry + '/trace');
  }
  return lanes;
}

// The timeline (--timeline LANES|DIR, the number of trace files): one lane
// per trace file, spans drawn, the first visit of the first lane a root of
// profile.json and shown on hover, the wheel and the buttons zoom (the view
// narrows and widens again), dragging pans.
async function checkTimeline(evaluate, screenshot) {
  await evaluate(`document.getElementById('tab-timeline').click()`);
  const info = await evaluate(`(() => {
    const data = JSON.parse(document.getElementById('sextant-data').textContent).timeline;
    const canvas = document.getElementById('timeline-canvas');
    return { lanes: data.lanes.length, names: data.names, first: data.lanes[0].spans.slice(0, 5),
      duration: data.duration_us, rects: Number(canvas.getAttribute('data-rects')),
      view: canvas.getAttribute('data-view'), width: canvas.clientWidth };
  })()`);
  check(info.lanes === expectedLanes(args.timeline), 'timeline: ' + info.lanes + ' lanes, expected ' + expectedLanes(args.timeline));
  check(info.rects > 0, 'timeline: nothing drawn');
  check(info.view === '0.000 ' + info.duration.toFixed(3), 'timeline: view ' + info.view + ' at first, expected the whole run');
  const roots = new Set(profile.map((root) => root.frame.name));
  const firstName = info.names[info.first[3]];
  check(info.first[2] === 0 && roots.has(firstName), 'timeline: the first span of the first lane is ' + firstName + ', not a root of profile.json');
  // Hover over the middle of that span (lane 0, depth 0: 22 px from the top).
  const view = (x) => 160 + ((x / info.duration) * (info.width - 160));
  const mouse = (type, x, y, extra) => evaluate(`(() => {
    const canvas = document.getElementById('timeline-canvas');
    const box = canvas.getBoundingClientRect();
    canvas.dispatchEvent(new MouseEvent('${type}', Object.assign({ bubbles: true,
      clientX: box.left + ${x}, clientY: box.top + ${y} }, ${JSON.stringify(extra || {})})));
  })()`);
  await mouse('mousemove', view(info.first[0] + info.first[1] / 2), 22 + 8);
  const details = await evaluate(`document.getElementById('timeline-details').textContent`);
  check(details.includes(': ' + firstName), 'timeline: hovering the first span shows "' + details + '"');
  const viewNow = () => evaluate(`document.getElementById('timeline-canvas').getAttribute('data-view').split(' ').map(Number)`);
  await evaluate(`(() => {
    const canvas = document.getElementById('timeline-canvas');
    const box = canvas.getBoundingClientRect();
    canvas.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: -100,
      clientX: box.left + ${view(info.duration / 2)}, clientY: box.top + 30 }));
  })()`);
  let [a, b] = await viewNow();
  check(b - a < info.duration * 0.81 && a > 0, 'timeline: the wheel did not zoom in around the middle: ' + a + ' ' + b);
  await evaluate(`document.getElementById('timeline-zoom-in').click()`);
  [a, b] = await viewNow();
  check(Math.abs((b - a) - info.duration * 0.4) < info.duration * 0.01, 'timeline: Zoom in did not halve the view: ' + a + ' ' + b);
  // Drag to the right: the view moves to earlier times.
  await mouse('mousedown', 500, 30);
  await mouse('mousemove', 600, 30);
  await evaluate(`window.dispatchEvent(new MouseEvent('mouseup'))`);
  const [c, d] = await viewNow();
  check(c < a && Math.abs((d - c) - (b - a)) < 1e-6 * info.duration + 0.002, 'timeline: dragging did not pan: ' + a + ' ' + b + ' -> ' + c + ' ' + d);
  await screenshot('timeline-zoomed');
  await evaluate(`document.getElementById('timeline-reset').click()`);
  check((await viewNow())[1] === Number(info.duration.toFixed(3)), 'timeline: Whole run did not reset the view');
  await screenshot('timeline');
}

// A hang fails the check; the bound is generous because a loaded CI host
// (two cores, load average 25 in a full lit run) makes Chromium slow.
const timeoutSeconds = 240;
const timeout = setTimeout(() => {
  failures.push('timed out after ' + timeoutSeconds + ' s');
  finish();
}, timeoutSeconds * 1000);
let finished = false;
async function finish() {
  if (finished) return;
  finished = true;
  clearTimeout(timeout);
  if (browser) await browser.close();
  if (failures.length > 0) {
    console.log('browser check: ' + failures.length + ' of ' + checks + ' checks failed');
    for (const failure of failures) console.log('FAILED: ' + failure);
    if (browser && process.env.SEXTANT_BROWSER_LOG) console.log(browser.browserErrors());
    process.exit(1);
  }
  console.log('browser check: ' + checks + ' checks passed');
  process.exit(0);
}
main().then(finish, (error) => {
  failures.push(String(error && error.stack ? error.stack : error));
  finish();
});
