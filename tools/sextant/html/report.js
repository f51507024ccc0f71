// tools/sextant/html/report.js - the script of the HTML report.
//
// Part of Sextant. Embedded into the one file `sextant report --html`
// writes, after the experiment's data (the JSON of the element
// #sextant-data, made by format/pictures/HtmlReportData.cpp and described in
// docs/output-formats.md). Plain JavaScript without libraries: it builds
// its views from the data, every name put into the page as text, never as
// markup, long names folded (foldedName: `ns::Foo<…>::bar(…)`) with the
// full name as the tooltip:
//  - the call tree: expand and collapse, sort by any column (with the
//    spread over threads and ranks where the data has it);
//  - the flame graph: frames laid out as the SVG export lays them out
//    (children by name, width = the sum of the values below, frames under
//    0.1 pixels left out), click to zoom, search to highlight, any additive
//    metric as width; colours are the data's (format/pictures/FrameColour.h);
//  - the timeline of a traced run: one lane per thread and rank on a
//    canvas, zoom and pan, the flame graph's colours, counter tracks;
//  - of an MPI job: the communication matrix as a heat map (bytes or
//    messages) and the load balance (wall time per rank, the spread of the
//    call paths' time over the ranks);
//  - the roofline, when the profile has FLOP metrics: the SVG plot the
//    data holds (format/pictures/RooflineSvg.h);
//  - the run: configuration, throttled and filtered regions, and the filter
//    `sextant score -g` would write, with a button to copy it.
'use strict';

(function () {
  const data = JSON.parse(document.getElementById('sextant-data').textContent);
  const nodes = data.nodes;
  const count = nodes.length;
  const children = [];
  const roots = [];
  const depth = new Int32Array(count);
  for (let i = 0; i < count; ++i) {
    children.push([]);
    const parent = nodes[i][0];
    if (parent < 0) {
      roots.push(i);
    } else {
      children[parent].push(i);
      depth[i] = depth[parent] + 1;
    }
  }
  const nameOf = (i) => data.names[nodes[i][1]];
  const colourOf = (i) => data.colours[nodes[i][1]];
  const visitsOf = (i) => nodes[i][2];
  const inclusiveOf = (i) => nodes[i][3];
  const exclusiveOf = (i) => nodes[i][4];
  const metricOf = (i, m) => {
    const v = nodes[i][5][m];
    return v === undefined ? null : v;
  };
  let totalInclusive = 0;
  for (const r of roots) totalInclusive += inclusiveOf(r);

  // ---- small helpers -------------------------------------------------------
  function element(tag, attributes, text) {
    const e = document.createElement(tag);
    for (const key in attributes || {}) e.setAttribute(key, attributes[key]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const svgNamespace = 'http://www.w3.org/2000/svg';
  function svgElement(tag, attributes) {
    const e = document.createElementNS(svgNamespace, tag);
    for (const key in attributes) e.setAttribute(key, attributes[key]);
    return e;
  }
  const seconds = (v) => (v === null ? '-' : v.toFixed(6));
  // As `sextant report --metrics` shows metrics: integers as such, others
  // with one (from 1000 on) or six decimals.
  function metricText(v) {
    if (v === null) return '-';
    if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
    if (Math.abs(v) >= 1000) return v.toFixed(1);
    return v.toFixed(6);
  }
  function grouped(v) {
    return String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  // ---- names as shown ------------------------------------------------------
  // A name longer than foldFrom characters is shown with its template
  // arguments and parameter lists folded, `ns::Foo<…>::bar<…>(…) const`;
  // the full name stays in the title (tooltip) of what shows it and in the
  // details line of the view. A '<' or '(' is folded with what it encloses
  // when it follows a name (a letter, digit, '_', '\'', '>', ')' or ']'):
  // "(anonymous namespace)" and a name's leading "(...)" are kept, as are
  // the symbol of an operator (`operator<<(…)`, `operator()(…)`) and a
  // bracket that does not close. Every view folds names with this one
  // function; fittedText() then cuts what is still too wide. Names longer
  // than foldUpTo characters are only cut: finding the closing brackets
  // could take quadratic time on a hostile name.
  const foldFrom = 48;
  const foldUpTo = 4096;
  const foldable = /[A-Za-z0-9_'>)\]]/;
  const operatorSymbol =
    /^(\(\)|\[\]|<=>|<<=|>>=|->\*|<<|>>|->|&&|\|\||\+\+|--|[+\-*\/%^&|~!=<>,]=?)/;
  // The index of the bracket that closes the one at Open, or -1. Inside
  // parentheses only parentheses count ('<' and '>' may be comparisons
  // there); inside angle brackets both kinds do.
  function closingBracket(name, open) {
    const stack = [];
    for (let k = open; k < name.length; ++k) {
      const c = name[k];
      const top = stack[stack.length - 1];
      if (c === '(') stack.push(c);
      else if (c === '<' && top !== '(') stack.push(c);
      else if (c === ')' || (c === '>' && top === '<' && name[k - 1] !== '-')) {
        if ((c === ')') !== (top === '(')) return -1;
        stack.pop();
        if (stack.length === 0) return k;
      }
    }
    return -1;
  }
  function foldedName(name) {
    if (name.length <= foldFrom || name.length > foldUpTo) return name;
    let out = '';
    let afterOperator = false; // the symbol of an operator ends a name
    for (let k = 0; k < name.length;) {
      const c = name[k];
      if (out.endsWith('operator') && !/[A-Za-z0-9_]/.test(out.charAt(out.length - 9))) {
        const symbol = operatorSymbol.exec(name.slice(k, k + 3));
        if (symbol) {
          out += symbol[0];
          k += symbol[0].length;
          afterOperator = true;
          continue;
        }
      }
      const folds = (c === '<' || c === '(') && (afterOperator || foldable.test(out.charAt(out.length - 1)));
      const end = folds ? closingBracket(name, k) : -1;
      afterOperator = false;
      if (end > k + 1) {
        out += c + '\u2026' + name[end];
        k = end + 1;
      } else {
        out += c;
        ++k;
      }
    }
    return out;
  }
  const shownNames = [];
  const shownNameOf = (i) => {
    const n = nodes[i][1];
    if (shownNames[n] === undefined) shownNames[n] = foldedName(data.names[n]);
    return shownNames[n];
  };
  // Text cut at its end, with an ellipsis, to at most Width pixels in Font;
  // '' when not even its first character and the ellipsis fit.
  const measure = document.createElement('canvas').getContext('2d');
  function fittedText(text, width, font) {
    measure.font = font;
    if (measure.measureText(text).width <= width) return text;
    let fits = 0;
    let over = text.length;
    while (over - fits > 1) {
      const middle = (fits + over) >> 1;
      if (measure.measureText(text.slice(0, middle) + '\u2026').width <= width) fits = middle;
      else over = middle;
    }
    // Not between the two halves of a surrogate pair.
    if (fits > 0 && /[\ud800-\udbff]/.test(text[fits - 1])) --fits;
    return fits === 0 ? '' : text.slice(0, fits) + '\u2026';
  }

  // ---- page skeleton -------------------------------------------------------
  const header = element('header');
  header.appendChild(element('h1', {}, 'Sextant report: ' + data.program));
  const nav = element('nav');
  header.appendChild(nav);
  document.body.appendChild(header);
  const sections = {};
  const tabs = {};
  let drawTimeline = null; // set when the data has a timeline
  function addTab(id, title) {
    const button = element('button', { id: 'tab-' + id }, title);
    button.addEventListener('click', () => showTab(id));
    nav.appendChild(button);
    tabs[id] = button;
    const section = element('section', { id: 'view-' + id });
    document.body.appendChild(section);
    sections[id] = section;
    return section;
  }
  function showTab(id) {
    for (const key in sections) {
      sections[key].classList.toggle('hidden', key !== id);
      tabs[key].classList.toggle('active', key === id);
    }
    if (id === 'flame') drawFlameGraph();
    if (id === 'timeline' && drawTimeline) drawTimeline();
  }

  // ---- call tree -----------------------------------------------------------
  const treeSection = addTab('tree', 'Call tree');
  const columns = [
    { key: 'name', title: 'Call path', value: nameOf },
    { key: 'inclusive', title: 'Inclusive s', value: inclusiveOf, text: seconds },
    { key: 'exclusive', title: 'Exclusive s', value: exclusiveOf, text: seconds },
    { key: 'visits', title: 'Visits', value: visitsOf, text: String },
    {
      key: 'percent', title: 'Incl %',
      value: (i) => (totalInclusive > 0 ? (100 * inclusiveOf(i)) / totalInclusive : 0),
      text: (v) => v.toFixed(2),
    },
  ];
  data.metrics.forEach((metric, m) => {
    columns.push({
      key: 'metric-' + m, title: metric.name,
      value: (i) => metricOf(i, m), text: metricText,
    });
  });
  // The inclusive time's spread over threads and ranks: min, mean, max
  // and imbalance (max / mean) of each call path, where the data has them.
  const spreads = [
    { key: 'thread', title: 'thread', data: data.thread_spread, at: 'thread' },
    { key: 'rank', title: 'rank', data: data.rank_spread, at: 'rank' },
  ];
  for (const spread of spreads) {
    if (!spread.data) continue;
    const rows = spread.data.rows;
    const part = (k) => (i) => (rows[i] === null ? null : rows[i][k]);
    const where = (k) => (i) => (rows[i] === null ? '' : spread.at + ' ' + rows[i][k]);
    columns.push(
      { key: spread.key + '-min', title: spread.title + ' min s', value: part(0), text: seconds, tip: where(4) },
      { key: spread.key + '-mean', title: spread.title + ' mean s', value: part(1), text: seconds },
      { key: spread.key + '-max', title: spread.title + ' max s', value: part(2), text: seconds, tip: where(5) },
      { key: spread.key + '-imbalance', title: spread.title + ' max/mean', value: part(3),
        text: (v) => (v === null ? '-' : v.toFixed(2)) });
  }
  // A traced MPI job's wait states: the seconds its MPI calls waited for
  // another rank, summed over the ranks and kinds, at the call path (by
  // its names from the root) of the MPI call.
  const waits = data.wait_states;
  if (waits) {
    const waitOfNode = new Float64Array(count);
    const pathOfNode = new Array(count);
    const nodeOfPath = new Map();
    for (let i = 0; i < count; ++i) {
      const parent = nodes[i][0];
      pathOfNode[i] =
          (parent >= 0 ? pathOfNode[parent] + '\0' : '') + nameOf(i);
      nodeOfPath.set(pathOfNode[i], i);
    }
    for (const [, , secondsWaited, , path] of waits.rows) {
      const node = nodeOfPath.get(path.join('\0'));
      if (node !== undefined)
        waitOfNode[node] += secondsWaited;
    }
    columns.push({
      key : 'wait',
      title : 'Wait s',
      value : (i) => waitOfNode[i],
      text : seconds
    });
  }
  const expanded = new Uint8Array(count);
  for (let i = 0; i < count; ++i) if (depth[i] < 2) expanded[i] = 1;
  let sortColumn = columns[1];
  let sortDescending = true;
  let selected = -1;
  const maxRows = 20000;

  treeSection.appendChild(element('p', { class: 'note' },
    'Click a column to sort the children of every call path by it (again ' +
    'to reverse), a triangle to expand or collapse, a name to select it ' +
    '(its full name then shows below; long names are shown folded, the ' +
    'full name is the tooltip).'));
  // The full name of the call path selected.
  const treeDetails = element('div', { id: 'tree-details' }, ' ');
  treeSection.appendChild(treeDetails);
  const treeTable = element('table', { class: 'tree', id: 'call-tree' });
  const headRow = element('tr');
  for (const column of columns) {
    const th = element('th', { 'data-key': column.key }, column.title);
    if (column.key !== 'name') th.classList.add('num');
    th.addEventListener('click', () => {
      if (sortColumn === column) sortDescending = !sortDescending;
      else {
        sortColumn = column;
        sortDescending = column.key !== 'name';
      }
      renderTree();
    });
    headRow.appendChild(th);
  }
  const thead = element('thead');
  thead.appendChild(headRow);
  treeTable.appendChild(thead);
  const tbody = element('tbody');
  treeTable.appendChild(tbody);
  treeSection.appendChild(treeTable);
  const treeNote = element('p', { class: 'note', id: 'tree-note' });
  treeSection.appendChild(treeNote);

  function sortedNodes(list) {
    const value = sortColumn.value;
    const sign = sortDescending ? -1 : 1;
    return list.slice().sort((a, b) => {
      const x = value(a);
      const y = value(b);
      // Rows without the value last, whatever the direction.
      if (x === null || y === null) return (x === null) - (y === null);
      if (x < y) return -sign;
      if (x > y) return sign;
      return a - b;
    });
  }

  function renderTree() {
    for (const th of headRow.children) {
      const active = th.getAttribute('data-key') === sortColumn.key;
      th.classList.toggle('sorted', active);
      th.classList.toggle('descending', active && sortDescending);
      th.classList.toggle('ascending', active && !sortDescending);
    }
    const fragment = document.createDocumentFragment();
    const stack = sortedNodes(roots).reverse();
    let rows = 0;
    while (stack.length > 0 && rows < maxRows) {
      const i = stack.pop();
      fragment.appendChild(treeRow(i));
      ++rows;
      if (!expanded[i]) continue;
      // A loop, not push(...list): a call path may have more children
      // than a call may have arguments.
      const below = sortedNodes(children[i]);
      for (let k = below.length - 1; k >= 0; --k) stack.push(below[k]);
    }
    tbody.replaceChildren(fragment);
    treeNote.textContent = rows >= maxRows
      ? 'The first ' + maxRows + ' rows are shown: collapse call paths to see others.'
      : '';
  }

  function treeRow(i) {
    const tr = element('tr', { 'data-node': String(i) });
    if (i === selected) tr.classList.add('selected');
    const name = element('td', { class: 'name' });
    name.style.paddingLeft = 8 + 16 * depth[i] + 'px';
    const toggle = element('span', { class: 'toggle' },
      children[i].length === 0 ? '\u00b7' : expanded[i] ? '\u25be' : '\u25b8');
    toggle.addEventListener('click', () => {
      expanded[i] ^= 1;
      renderTree();
    });
    name.appendChild(toggle);
    const swatch = element('span', { class: 'swatch' });
    swatch.style.background = colourOf(i);
    name.appendChild(swatch);
    const label = element('span', { class: 'label', title: nameOf(i) }, shownNameOf(i));
    label.addEventListener('click', () => selectNode(i));
    name.appendChild(label);
    tr.appendChild(name);
    for (const column of columns.slice(1)) {
      const td = element('td', { class: 'num', 'data-key': column.key },
        column.text(column.value(i)));
      if (column.tip) td.title = column.tip(i);
      tr.appendChild(td);
    }
    return tr;
  }

  function selectNode(i) {
    selected = i;
    treeDetails.textContent = nameOf(i);
    // Every call path on the way to it is expanded.
    for (let p = nodes[i][0]; p >= 0; p = nodes[p][0]) expanded[p] = 1;
    renderTree();
    const row = tbody.querySelector('tr[data-node="' + i + '"]');
    if (row && row.scrollIntoView) row.scrollIntoView({ block: 'nearest' });
  }

  // ---- flame graph ---------------------------------------------------------
  const flameSection = addTab('flame', 'Flame graph');
  const toolbar = element('div', { class: 'toolbar' });
  const metricSelect = element('select', { id: 'flame-metric' });
  const flameMetrics = [
    { title: 'time (inclusive)', unit: 'us', own: (i) => Math.max(0, exclusiveOf(i)) * 1e6 },
    { title: 'visits', unit: 'visits', own: visitsOf },
  ];
  data.metrics.forEach((metric, m) => {
    if (!metric.additive) return;
    const scale = metric.notation === 'seconds' ? 1e6 : 1;
    flameMetrics.push({
      title: metric.name, unit: metric.notation === 'seconds' ? 'us' : metric.name,
      own: (i) => Math.max(0, metricOf(i, m) || 0) * scale,
    });
  });
  flameMetrics.forEach((metric, k) =>
    metricSelect.appendChild(element('option', { value: String(k) }, metric.title)));
  const search = element('input', { id: 'flame-search', type: 'search',
    placeholder: 'search (regular expression)', size: '32' });
  const reset = element('button', { id: 'flame-reset' }, 'Reset zoom');
  const matched = element('span', { id: 'flame-matched' });
  toolbar.append(element('label', {}, 'Width: '), metricSelect, search, reset, matched);
  flameSection.appendChild(toolbar);
  const details = element('div', { id: 'flame-details' }, ' ');
  flameSection.appendChild(details);
  const flameBox = element('div', { id: 'flame-graph' });
  flameSection.appendChild(flameBox);

  const frameHeight = 16;
  const frameFont = '12px sans-serif'; // as report.css sets it
  const minWidth = 0.1; // pixels, as the SVG export and flamegraph.pl
  let flameMetric = flameMetrics[0];
  let sums = null; // the value of each call path and everything below it
  let zoom = -1; // the frame zoomed to; -1: "all"
  let pattern = null;

  function computeSums() {
    sums = new Float64Array(count);
    for (let i = count - 1; i >= 0; --i) {
      sums[i] += flameMetric.own(i);
      if (nodes[i][0] >= 0) sums[nodes[i][0]] += sums[i];
    }
  }
  function flameTotal() {
    let total = 0;
    for (const r of roots) total += sums[r];
    return total;
  }
  const byName = (a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : a - b);

  function drawFlameGraph() {
    if (sections.flame.classList.contains('hidden')) return;
    if (!sums) computeSums();
    const width = Math.max(400, flameBox.clientWidth || 1200);
    const area = width - 20;
    const total = flameTotal();
    const zoomValue = zoom < 0 ? total : sums[zoom];
    const scale = zoomValue > 0 ? area / zoomValue : 0;
    // The frames drawn: [node, x, width, level]; the path to the zoomed
    // frame spans the width below it.
    const frames = [];
    const path = [];
    for (let p = zoom; p >= 0; p = nodes[p][0]) path.unshift(p);
    frames.push([-1, 10, area, 0]);
    path.forEach((p, k) => frames.push([p, 10, area, k + 1]));
    const pending = [];
    const base = zoom < 0 ? roots : children[zoom];
    const baseLevel = path.length + 1;
    let x = 10;
    for (const c of base.slice().sort(byName)) {
      pending.push([c, x, baseLevel]);
      x += sums[c] * scale;
    }
    let maxLevel = baseLevel - 1;
    while (pending.length > 0) {
      const [i, left, level] = pending.pop();
      const w = sums[i] * scale;
      if (w < minWidth) continue;
      frames.push([i, left, w, level]);
      maxLevel = Math.max(maxLevel, level);
      let cx = left;
      for (const c of children[i].slice().sort(byName)) {
        pending.push([c, cx, level + 1]);
        cx += sums[c] * scale;
      }
    }
    const height = (maxLevel + 1) * frameHeight + 10;
    const svg = svgElement('svg', { width: String(width), height: String(height),
      viewBox: '0 0 ' + width + ' ' + height });
    for (const [i, left, w, level] of frames) {
      const name = i < 0 ? 'all' : nameOf(i);
      const value = i < 0 ? total : sums[i];
      const y = height - (level + 1) * frameHeight;
      const g = svgElement('g', { class: 'frame', 'data-node': String(i) });
      const title = svgElement('title', {});
      title.textContent = name + ' (' + grouped(value) + ' ' + flameMetric.unit + ', ' +
        (total > 0 ? ((100 * value) / total).toFixed(2) : '0.00') + '%)';
      g.appendChild(title);
      const isMatch = pattern !== null && i >= 0 && pattern.test(name);
      if (isMatch) g.setAttribute('data-match', '1');
      g.appendChild(svgElement('rect', { x: left.toFixed(2), y: String(y),
        width: w.toFixed(2), height: String(frameHeight - 1), rx: '2',
        fill: isMatch ? '#e600e6' : i < 0 ? '#d0d0d0' : colourOf(i) }));
      const label = w >= 27 ? fittedText(i < 0 ? name : shownNameOf(i), w - 6, frameFont) : '';
      if (label !== '') {
        const text = svgElement('text', { x: (left + 3).toFixed(2), y: String(y + frameHeight - 4.5) });
        text.textContent = label;
        g.appendChild(text);
      }
      g.addEventListener('click', () => {
        zoom = i;
        drawFlameGraph();
      });
      g.addEventListener('mouseenter', () => { details.textContent = title.textContent; });
      svg.appendChild(g);
    }
    flameBox.replaceChildren(svg);
    matched.textContent = pattern === null ? '' : 'Matched: ' +
      (total > 0 ? ((100 * matchedValue()) / total).toFixed(2) : '0.00') + '%';
  }

  // The share of the call paths whose name matches, each counted once
  // (not again inside a matching call path), drawn or not.
  function matchedValue() {
    const inside = new Uint8Array(count);
    let value = 0;
    for (let i = 0; i < count; ++i) {
      const parent = nodes[i][0];
      const above = parent >= 0 && inside[parent];
      if (above) inside[i] = 1;
      else if (pattern.test(nameOf(i))) {
        inside[i] = 1;
        value += sums[i];
      }
    }
    return value;
  }

  metricSelect.addEventListener('change', () => {
    flameMetric = flameMetrics[Number(metricSelect.value)];
    sums = null;
    drawFlameGraph();
  });
  search.addEventListener('input', () => {
    const text = search.value;
    if (text === '') pattern = null;
    else {
      try {
        pattern = new RegExp(text);
      } catch (error) {
        pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      }
    }
    drawFlameGraph();
  });
  reset.addEventListener('click', () => {
    zoom = -1;
    drawFlameGraph();
  });
  window.addEventListener('resize', drawFlameGraph);

  // ---- timeline --------------------------------------------------------------
  // One lane per thread (and rank) of a traced run, drawn on a canvas: the
  // spans the data holds (downsampled when the report was written,
  // format/pictures/TimelineLanes.h), and at most one rectangle per pixel column and
  // depth where spans are narrower than a pixel, so that drawing stays fast
  // at any zoom. The wheel zooms around the pointer, dragging pans; the
  // colours are the flame graph's. Counter tracks below a lane show the
  // metric's rate between samples.
  if (data.timeline) {
    const timeline = data.timeline;
    const tlSection = addTab('timeline', 'Timeline');
    const tlBar = element('div', { class: 'toolbar' });
    const zoomIn = element('button', { id: 'timeline-zoom-in' }, 'Zoom in');
    const zoomOut = element('button', { id: 'timeline-zoom-out' }, 'Zoom out');
    const zoomReset = element('button', { id: 'timeline-reset' }, 'Whole run');
    const tlView = element('span', { id: 'timeline-view' });
    tlBar.append(zoomIn, zoomOut, zoomReset, tlView);
    tlSection.appendChild(tlBar);
    tlSection.appendChild(element('p', { class: 'note' },
      'Wheel: zoom around the pointer; drag: pan; hover: the visit under the pointer. ' +
      'Visits shorter than 1/65536 of the run that begin close together are merged ' +
      'into one span, which says how many it holds.'));
    const tlDetails = element('div', { id: 'timeline-details' }, ' ');
    tlSection.appendChild(tlDetails);
    const canvas = element('canvas', { id: 'timeline-canvas' });
    tlSection.appendChild(canvas);

    const rowHeight = 16;
    const laneGap = 22;
    const counterHeight = 30;
    const labelWidth = 160;
    // Per lane: per depth the spans' starts, ends, names and visits, by start.
    const lanes = timeline.lanes.map((lane) => {
      const depths = [];
      const spans = lane.spans;
      for (let k = 0; k < spans.length; k += 5) {
        const d = spans[k + 2];
        while (depths.length <= d) depths.push({ start: [], end: [], name: [], visits: [] });
        depths[d].start.push(spans[k]);
        depths[d].end.push(spans[k] + spans[k + 1]);
        depths[d].name.push(spans[k + 3]);
        depths[d].visits.push(spans[k + 4]);
      }
      return { name: lane.name, depths, counters: lane.counters };
    });
    let top = 0;
    for (const lane of lanes) {
      lane.top = top + laneGap;
      top = lane.top + Math.max(1, lane.depths.length) * rowHeight + lane.counters.length * counterHeight;
    }
    const totalHeight = top + 8;
    let view0 = 0;
    let view1 = Math.max(timeline.duration_us, 1e-3);

    // The first index of sorted array a whose value is at least v.
    function lowerBound(a, v) {
      let lo = 0;
      let hi = a.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (a[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }
    const timeText = (us) => (us >= 1e6 ? (us / 1e6).toFixed(6) + ' s'
      : us >= 1e3 ? (us / 1e3).toFixed(3) + ' ms' : us.toFixed(3) + ' us');

    drawTimeline = function () {
      if (sections.timeline.classList.contains('hidden')) return;
      const width = Math.max(400, tlSection.clientWidth - 32);
      const ratio = window.devicePixelRatio || 1;
      canvas.width = width * ratio;
      canvas.height = totalHeight * ratio;
      canvas.style.width = width + 'px';
      canvas.style.height = totalHeight + 'px';
      const g = canvas.getContext('2d');
      g.setTransform(ratio, 0, 0, ratio, 0, 0);
      g.clearRect(0, 0, width, totalHeight);
      g.font = '11px sans-serif';
      g.textBaseline = 'middle';
      const area = width - labelWidth;
      const scale = area / (view1 - view0);
      let rects = 0;
      for (const lane of lanes) {
        g.fillStyle = '#222';
        g.fillText(lane.name, 4, lane.top - 9);
        lane.depths.forEach((depth, d) => {
          const y = lane.top + d * rowHeight;
          // Spans at one depth do not overlap: their ends are sorted too.
          let k = lowerBound(depth.end, view0);
          let lastColumn = -1;
          for (; k < depth.start.length && depth.start[k] <= view1; ++k) {
            const x0 = labelWidth + Math.max(0, (depth.start[k] - view0) * scale);
            const x1 = labelWidth + Math.min(area, (depth.end[k] - view0) * scale);
            const column = Math.floor(x0);
            if (x1 - x0 < 1) {
              if (column === lastColumn) continue;
              lastColumn = column;
            } else {
              lastColumn = Math.floor(x1);
            }
            g.fillStyle = timeline.colours[depth.name[k]];
            g.fillRect(x0, y, Math.max(1, x1 - x0), rowHeight - 1);
            ++rects;
            if (x1 - x0 > 30) {
              g.save();
              g.beginPath();
              g.rect(x0, y, x1 - x0, rowHeight);
              g.clip();
              g.fillStyle = '#000';
              g.fillText(timeline.names[depth.name[k]], x0 + 3, y + rowHeight / 2);
              g.restore();
            }
          }
        });
        // Counter tracks: the rate between consecutive samples, scaled to
        // the track's height.
        lane.counters.forEach((counter, c) => {
          const y = lane.top + Math.max(1, lane.depths.length) * rowHeight + c * counterHeight;
          const t = counter.times;
          const v = counter.values;
          let max = 0;
          for (let i = 1; i < t.length; ++i) {
            if (t[i] > t[i - 1]) max = Math.max(max, (v[i] - v[i - 1]) / (t[i] - t[i - 1]));
          }
          g.fillStyle = '#555';
          g.fillText(counter.name, 4, y + counterHeight / 2);
          g.strokeStyle = '#4a7fb5';
          g.beginPath();
          for (let i = 1; i < t.length; ++i) {
            if (t[i] < view0 || t[i - 1] > view1 || !(t[i] > t[i - 1])) continue;
            const rate = (v[i] - v[i - 1]) / (t[i] - t[i - 1]);
            const h = max > 0 ? (rate / max) * (counterHeight - 6) : 0;
            const x0 = labelWidth + Math.max(0, (t[i - 1] - view0) * scale);
            const x1 = labelWidth + Math.min(area, (t[i] - view0) * scale);
            g.moveTo(x0, y + counterHeight - 3 - h);
            g.lineTo(x1, y + counterHeight - 3 - h);
          }
          g.stroke();
        });
      }
      canvas.setAttribute('data-rects', String(rects));
      canvas.setAttribute('data-view', view0.toFixed(3) + ' ' + view1.toFixed(3));
      tlView.textContent = timeText(view0) + ' \u2013 ' + timeText(view1) + ' of ' +
        timeText(timeline.duration_us);
    };

    // The span under the pointer at (x, y) of the canvas, or null.
    function spanAt(x, y) {
      const width = canvas.clientWidth;
      const time = view0 + ((x - labelWidth) * (view1 - view0)) / (width - labelWidth);
      const halfPixel = (view1 - view0) / (width - labelWidth) / 2;
      for (const lane of lanes) {
        const d = Math.floor((y - lane.top) / rowHeight);
        if (x < labelWidth || d < 0 || d >= lane.depths.length) continue;
        const depth = lane.depths[d];
        const k = lowerBound(depth.end, time - halfPixel);
        if (k < depth.start.length && depth.start[k] <= time + halfPixel) {
          return { lane, k, depth };
        }
      }
      return null;
    }
    function zoomAround(time, factor) {
      const span = (view1 - view0) * factor;
      const limit = Math.max(timeline.duration_us, 1e-3);
      const minSpan = 1e-3;
      const newSpan = Math.min(limit, Math.max(minSpan, span));
      const share = (time - view0) / (view1 - view0);
      view0 = Math.max(0, Math.min(limit - newSpan, time - share * newSpan));
      view1 = view0 + newSpan;
      drawTimeline();
    }
    canvas.addEventListener('wheel', (event) => {
      event.preventDefault();
      const x = event.offsetX;
      const time = view0 + ((x - labelWidth) * (view1 - view0)) / (canvas.clientWidth - labelWidth);
      zoomAround(Math.max(view0, Math.min(view1, time)), event.deltaY < 0 ? 0.8 : 1.25);
    }, { passive: false });
    let dragFrom = null;
    canvas.addEventListener('mousedown', (event) => { dragFrom = [event.clientX, view0, view1]; });
    window.addEventListener('mouseup', () => { dragFrom = null; });
    canvas.addEventListener('mousemove', (event) => {
      if (dragFrom) {
        const limit = Math.max(timeline.duration_us, 1e-3);
        const span = dragFrom[2] - dragFrom[1];
        const shift = ((dragFrom[0] - event.clientX) * span) / (canvas.clientWidth - labelWidth);
        view0 = Math.max(0, Math.min(limit - span, dragFrom[1] + shift));
        view1 = view0 + span;
        drawTimeline();
        return;
      }
      const hit = spanAt(event.offsetX, event.offsetY);
      if (!hit) return;
      const { lane, k, depth } = hit;
      const visits = depth.visits[k];
      tlDetails.textContent = lane.name + ': ' + timeline.names[depth.name[k]] +
        (visits > 1 ? ' and others (' + visits + ' visits merged)' : '') + ', ' +
        timeText(depth.start[k]) + ' to ' + timeText(depth.end[k]) + ' (' +
        timeText(depth.end[k] - depth.start[k]) + ')';
    });
    const middle = () => (view0 + view1) / 2;
    zoomIn.addEventListener('click', () => zoomAround(middle(), 0.5));
    zoomOut.addEventListener('click', () => zoomAround(middle(), 2));
    zoomReset.addEventListener('click', () => {
      view0 = 0;
      view1 = Math.max(timeline.duration_us, 1e-3);
      drawTimeline();
    });
    window.addEventListener('resize', drawTimeline);
  }

  // ---- MPI job: communication matrix and load balance ----------------------
  // The heat map has the colours of `sextant export --format=svg-matrix`
  // (format/pictures/MatrixSvg.cpp): pale yellow to dark red on a logarithmic
  // scale, grey where a pair has no traffic.
  function heatColour(t) {
    const from = [255, 237, 160];
    const to = [189, 0, 38];
    return '#' + from.map((f, k) => Math.round(f + (to[k] - f) * t)
      .toString(16).padStart(2, '0')).join('');
  }
  function drawMatrix(box, details, ranks, traffic, field, unit) {
    const cell = Math.max(3, Math.min(32, Math.floor(640 / Math.max(1, ranks))));
    const left = 60;
    const top = 40;
    const size = ranks * cell;
    let max = 0;
    for (const pair of traffic) max = Math.max(max, pair[field]);
    const logMax = Math.log1p(max);
    const svg = svgElement('svg', { width: String(left + size + 20), height: String(top + size + 20) });
    const label = (x, y, text, anchor) => {
      const t = svgElement('text', { x: String(x), y: String(y), 'text-anchor': anchor || 'middle' });
      t.textContent = text;
      svg.appendChild(t);
    };
    label(left + size / 2, 14, 'to rank');
    label(4, top + size / 2, 'from', 'start');
    // Rank numbers along the axes, at most about 32 of them.
    const step = Math.max(1, Math.ceil(ranks / 32));
    for (let r = 0; r < ranks; r += step) {
      label(left + (r + 0.5) * cell, top - 6, String(r));
      label(left - 4, top + (r + 0.5) * cell + 4, String(r), 'end');
    }
    svg.appendChild(svgElement('rect', { x: String(left), y: String(top), width: String(size),
      height: String(size), fill: '#f4f4f4', stroke: '#cccccc' }));
    for (const pair of traffic) {
      const value = pair[field];
      if (value === 0) continue;
      const t = logMax > 0 ? Math.log1p(value) / logMax : 1;
      const rect = svgElement('rect', { class: 'cell', x: String(left + pair[1] * cell),
        y: String(top + pair[0] * cell), width: String(cell), height: String(cell),
        fill: heatColour(t), 'data-from': String(pair[0]), 'data-to': String(pair[1]),
        'data-value': String(value) });
      const text = 'rank ' + pair[0] + ' \u2192 rank ' + pair[1] + ': ' + grouped(value) + ' ' + unit;
      const title = svgElement('title', {});
      title.textContent = text;
      rect.appendChild(title);
      rect.addEventListener('mouseenter', () => { details.textContent = text; });
      svg.appendChild(rect);
    }
    box.replaceChildren(svg);
    return max;
  }

  // Horizontal bars: rows of [label, value, min, max, tooltip]; min and max
  // (a whisker) may be null. A label is cut at its end to fit left of the
  // bars (the tooltip has it whole).
  const barFont = '14px sans-serif'; // as report.css sets it
  function drawBars(box, id, rows, unit) {
    const labelWidth = 260;
    const barWidth = 480;
    const rowHeight = 20;
    let max = 0;
    for (const row of rows) max = Math.max(max, row[3] === null ? row[1] : row[3]);
    const scale = max > 0 ? barWidth / max : 0;
    const svg = svgElement('svg', { id: id, width: String(labelWidth + barWidth + 120),
      height: String(rows.length * rowHeight + 8) });
    rows.forEach(([label, value, low, high, tip], k) => {
      const y = 4 + k * rowHeight;
      const g = svgElement('g', { class: 'bar', 'data-value': String(value) });
      const title = svgElement('title', {});
      title.textContent = tip;
      g.appendChild(title);
      const text = svgElement('text', { x: String(labelWidth - 6), y: String(y + 13), 'text-anchor': 'end' });
      text.textContent = fittedText(label, labelWidth - 12, barFont);
      g.appendChild(text);
      g.appendChild(svgElement('rect', { x: String(labelWidth), y: String(y + 2),
        width: (value * scale).toFixed(2), height: String(rowHeight - 6), fill: '#4a7fb5' }));
      if (low !== null && high !== null) {
        const mid = String(y + rowHeight / 2 - 1);
        g.appendChild(svgElement('line', { x1: (labelWidth + low * scale).toFixed(2), y1: mid,
          x2: (labelWidth + high * scale).toFixed(2), y2: mid, stroke: '#222', 'stroke-width': '2' }));
      }
      const valueText = svgElement('text', { x: String(labelWidth + barWidth + 8), y: String(y + 13) });
      valueText.textContent = value.toFixed(6) + ' ' + unit;
      g.appendChild(valueText);
      svg.appendChild(g);
    });
    box.appendChild(svg);
  }

  if (data.mpi) {
    const mpiSection = addTab('mpi', 'MPI');
    const mpi = data.mpi;
    mpiSection.appendChild(element('h2', {}, 'Point-to-point communication'));
    const mpiBar = element('div', { class: 'toolbar' });
    const mpiField = element('select', { id: 'mpi-value' });
    mpiField.append(element('option', { value: '2' }, 'bytes'), element('option', { value: '3' }, 'messages'));
    const mpiDetails = element('span', { id: 'mpi-details' }, ' ');
    mpiBar.append(element('label', {}, 'Show: '), mpiField, mpiDetails);
    mpiSection.appendChild(mpiBar);
    const matrixBox = element('div', { id: 'mpi-matrix' });
    mpiSection.appendChild(matrixBox);
    const legend = element('p', { class: 'note', id: 'mpi-legend' });
    mpiSection.appendChild(legend);
    const redraw = () => {
      const field = Number(mpiField.value);
      const unit = field === 2 ? 'bytes' : 'messages';
      const max = drawMatrix(matrixBox, mpiDetails, mpi.ranks, mpi.traffic, field, unit);
      legend.textContent = mpi.traffic.length === 0
        ? 'No point-to-point traffic.'
        : 'Row: sending rank, column: receiving rank. Colour: 1 to ' + grouped(max) + ' ' + unit +
          ' sent, logarithmic, pale yellow to dark red; grey: none.';
    };
    mpiField.addEventListener('change', redraw);
    redraw();

    mpiSection.appendChild(element('h2', {}, 'Load balance'));
    const balance = element('div', { id: 'load-balance' });
    mpiSection.appendChild(balance);
    if (mpi.wall_seconds.length > 0) {
      balance.appendChild(element('h3', {}, 'Wall time per rank'));
      drawBars(balance, 'rank-wall', mpi.wall_seconds.map((s, r) =>
        ['rank ' + r, s, null, null, 'rank ' + r + ': ' + s.toFixed(6) + ' s']), 's');
    }
    if (data.rank_spread) {
      balance.appendChild(element('h3', {}, 'Inclusive time of the call paths over the ranks'));
      balance.appendChild(element('p', { class: 'note' },
        'The 12 call paths with the largest maximum over the ranks: the bar is the mean, ' +
        'the line runs from the minimum to the maximum (a rank that never ran the call path ' +
        'counts 0).'));
      const rows = data.rank_spread.rows;
      const top = [];
      for (let i = 0; i < count; ++i) if (rows[i] !== null) top.push(i);
      top.sort((a, b) => rows[b][2] - rows[a][2] || a - b);
      drawBars(balance, 'rank-regions', top.slice(0, 12).map((i) => {
        const [min, mean, max, imbalance, minAt, maxAt] = rows[i];
        return [shownNameOf(i), mean, min, max, nameOf(i) + ': min ' + min.toFixed(6) + ' s (rank ' +
          minAt + '), mean ' + mean.toFixed(6) + ' s, max ' + max.toFixed(6) + ' s (rank ' + maxAt +
          '), max/mean ' + (imbalance === null ? '-' : imbalance.toFixed(2))];
      }), 's');
    }
  }

  // ---- wait states
  // ----------------------------------------------------------- The view of
  // `sextant report --wait-states`: the totals per kind, then one row per kind,
  // rank and call path, largest first.
  if (waits) {
    const waitSection = addTab('waits', 'Wait states');
    waitSection.appendChild(element(
        'p', {class : 'note'},
        'Seconds the MPI calls of each rank spent waiting for another rank (Scalasca\'s ' +
            'definitions, from the ranks\' traces: ' + waits.messages +
            ' messages and ' + waits.collectives +
            ' collective operations matched).'));
    const totals = element('table', {id : 'wait-totals'});
    waits.kinds.forEach((kind, k) => {
      const tr = element('tr');
      tr.append(element('th', {}, kind),
                element('td', {class : 'num'}, seconds(waits.totals[k])));
      totals.appendChild(tr);
    });
    waitSection.appendChild(element('h2', {}, 'Per kind'));
    waitSection.appendChild(totals);
    waitSection.appendChild(element('h2', {}, 'Per kind, rank and call path'));
    const table = element('table', {id : 'wait-rows'});
    const head = element('tr');
    for (const title of ['Seconds', 'Calls', 'Rank', 'Kind', 'Call path']) {
      head.appendChild(element(
          'th',
          title === 'Kind' || title === 'Call path' ? {} : {class : 'num'},
          title));
    }
    table.appendChild(head);
    const rows = waits.rows.slice().sort((a, b) => b[2] - a[2]);
    for (const [kind, rank, secondsWaited, calls, path] of rows) {
      const tr = element('tr');
      tr.append(element('td', {class : 'num'}, seconds(secondsWaited)),
                element('td', {class : 'num'}, String(calls)),
                element('td', {class : 'num'}, String(rank)),
                element('td', {}, waits.kinds[kind]),
                element('td', {title : path.join(' > ')},
                        path.map(foldedName).join(' > ')));
      table.appendChild(tr);
    }
    waitSection.appendChild(table);
    if (rows.length === 0)
      waitSection.appendChild(
          element('p', {class : 'note'}, 'No call waited.'));
  }

  // ---- roofline --------------------------------------------------------------
  // The picture of `sextant export --format=svg-roofline`
  // (format/pictures/RooflineSvg.h), parsed as SVG (names in it are escaped text)
  // and made interactive: a point's tooltip also shows above the plot.
  if (data.roofline) {
    const rooflineSection = addTab('roofline', 'Roofline');
    rooflineSection.appendChild(element('p', { class: 'note' },
      'Each region with floating-point operations at its arithmetic intensity ' +
      '(FLOP per byte of memory traffic) and FLOP/s, inclusive, summed over its ' +
      'call paths; the roofs are the peaks file of sextant roofline --measure-peaks.'));
    const rooflineDetails = element('div', { id: 'roofline-details' }, ' ');
    rooflineSection.appendChild(rooflineDetails);
    const plot = element('div', { id: 'roofline-plot' });
    const parsed = new DOMParser().parseFromString(data.roofline.svg, 'image/svg+xml');
    const svg = document.importNode(parsed.documentElement, true);
    for (const point of svg.querySelectorAll('g.point')) {
      point.addEventListener('mouseenter', () => {
        rooflineDetails.textContent = point.querySelector('title').textContent;
      });
    }
    plot.appendChild(svg);
    rooflineSection.appendChild(plot);
  }

  // ---- the run -------------------------------------------------------------
  const runSection = addTab('run', 'Run');
  runSection.appendChild(element('h2', {}, 'Configuration'));
  const configuration = element('table', { id: 'configuration' });
  for (const [label, value] of data.configuration) {
    const tr = element('tr');
    tr.append(element('th', {}, label), element('td', {}, value));
    configuration.appendChild(tr);
  }
  runSection.appendChild(configuration);

  function regionTable(id, title, empty, heads, rows) {
    runSection.appendChild(element('h2', {}, title));
    if (rows.length === 0) {
      runSection.appendChild(element('p', { class: 'note', id: id }, empty));
      return;
    }
    const table = element('table', { id: id });
    const tr = element('tr');
    for (const head of heads) tr.appendChild(element('th', {}, head));
    table.appendChild(tr);
    for (const row of rows) {
      const line = element('tr');
      // The region's name folded, whole in its tooltip.
      line.appendChild(element('td', { class: 'region', title: row[0] }, foldedName(row[0])));
      for (const cell of row.slice(1)) line.appendChild(element('td', {}, cell));
      table.appendChild(line);
    }
    runSection.appendChild(table);
  }
  regionTable('throttled', 'Throttled regions', 'No region was throttled.',
    ['region', 'visits', 'mean visit ns', 'throttled after s'],
    data.throttled.map((r) => [r.name, String(r.visits),
      (r.mean_visit_seconds * 1e9).toFixed(1), seconds(r.after_seconds)]));
  regionTable('filtered', 'Filtered regions', 'No region was filtered.',
    ['region', 'why'], data.filtered.map((r) => [r.name, r.reason]));

  runSection.appendChild(element('h2', {}, 'Suggested filter'));
  runSection.appendChild(element('p', { class: 'note' },
    'The filter `sextant score -g` writes for this experiment with its default ' +
    'thresholds: save it as a file and use it when compiling (clang -mllvm ' +
    '-sextant-filter=FILE) or at run time (SEXTANT_FILTER=FILE). Its second ' +
    'block (OpenMP constructs, MPI functions, wrapped library functions) acts ' +
    'only at run time: no recompile removes those regions.'));
  const copy = element('button', { id: 'copy-filter' }, 'Copy');
  const copied = element('span', { class: 'note' });
  runSection.append(copy, copied);
  const filterText = element('pre', { id: 'suggested-filter' }, data.suggested_filter);
  runSection.appendChild(filterText);
  copy.addEventListener('click', () => {
    const selectText = () => {
      const range = document.createRange();
      range.selectNodeContents(filterText);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      copied.textContent = ' selected: press Ctrl+C to copy';
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(data.suggested_filter)
        .then(() => { copied.textContent = ' copied'; }, selectText);
    } else {
      selectText();
    }
  });

  renderTree();
  showTab('tree');
})();
