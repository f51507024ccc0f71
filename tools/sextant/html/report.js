// tools/sextant/html/report.js - the script of the HTML report.
//
// Part of Sextant. Embedded into the one file `sextant report --html`
// writes, after the experiment's data (the JSON of the element
// #sextant-data, made by tools/sextant/HtmlReport.cpp and described in
// docs/html-report.md). Plain JavaScript without libraries: it builds three
// views from the data, every name put into the page as text, never as
// markup:
//  - the call tree: expand and collapse, sort by any column;
//  - the flame graph: frames laid out as the SVG export lays them out
//    (children by name, width = the sum of the values below, frames under
//    0.1 pixels left out), click to zoom, search to highlight, any additive
//    metric as width; colours are the data's (format/FrameColour.h);
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

  // ---- page skeleton -------------------------------------------------------
  const header = element('header');
  header.appendChild(element('h1', {}, 'Sextant report: ' + data.program));
  const nav = element('nav');
  header.appendChild(nav);
  document.body.appendChild(header);
  const sections = {};
  const tabs = {};
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
  const expanded = new Uint8Array(count);
  for (let i = 0; i < count; ++i) if (depth[i] < 2) expanded[i] = 1;
  let sortColumn = columns[1];
  let sortDescending = true;
  let selected = -1;
  const maxRows = 20000;

  treeSection.appendChild(element('p', { class: 'note' },
    'Click a column to sort the children of every call path by it (again ' +
    'to reverse), a triangle to expand or collapse, a name to select it.'));
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
    const label = element('span', { class: 'label' }, nameOf(i));
    label.addEventListener('click', () => selectNode(i));
    name.appendChild(label);
    tr.appendChild(name);
    for (const column of columns.slice(1)) {
      tr.appendChild(element('td', { class: 'num', 'data-key': column.key },
        column.text(column.value(i))));
    }
    return tr;
  }

  function selectNode(i) {
    selected = i;
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
      const fits = Math.floor((w - 6) / 7);
      if (fits >= 3) {
        const text = svgElement('text', { x: (left + 3).toFixed(2), y: String(y + frameHeight - 4.5) });
        text.textContent = name.length <= fits ? name : name.slice(0, fits - 2) + '..';
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
      for (const cell of row) line.appendChild(element('td', {}, cell));
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
    '-sextant-filter=FILE) or at run time (SEXTANT_FILTER=FILE).'));
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
