// benchmarks/html_report/timeline_time.js - size and load time of the HTML
// report of a long trace.
//
// Part of Sextant's benchmarks. Builds trace_app.c beside this file with
// the Sextant compiler wrapper, runs it traced (SEXTANT_TRACE=1,
// SEXTANT_THROTTLE=off) for EVENTS events (an enter and an exit per visit;
// CALLS = EVENTS / 4 steps of two visits each), times `sextant report
// --html` on the experiment, and opens the report REPEATS times in
// headless Chromium (test/lit/lib/chromium_pipe.js): the time to the load
// event, then, measured in the page, the time to draw the timeline of the
// whole run, after zooming in 64 times (10 presses of Zoom in at the
// middle: 1/1024 of the run) and back.
//
// Usage: node timeline_time.js SEXTANT_BIN_DIR [EVENTS (10000000)]
//        [REPEATS (5)] [CHROMIUM (/usr/bin/chromium)]
//   SEXTANT_BIN_DIR: the bin/ of an installed Sextant (sextant-cc and
//   sextant), e.g. build/lit-install-prefix/bin.
// Prints the sizes, one line per measurement and the medians.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { openPage } = require('../../test/lit/lib/chromium_pipe');

const [bin, events = '10000000', repeats = '5', chromium = '/usr/bin/chromium'] = process.argv.slice(2);
if (!bin) {
  console.log('usage: node timeline_time.js SEXTANT_BIN_DIR [EVENTS] [REPEATS] [CHROMIUM]');
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sextant-timeline-benchmark-'));
const run = (command, args, env) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'],
    env: Object.assign({}, process.env, env || {}) });
  if (result.status !== 0) throw new Error(command + ' failed');
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const app = path.join(work, 'trace_app');
run(path.join(bin, 'sextant-cc'), ['-O1', path.join(__dirname, 'trace_app.c'), '-o', app]);
const experiment = path.join(work, 'experiment');
run(app, [String(Math.floor(Number(events) / 4))],
  { SEXTANT_OUTPUT_DIR: experiment, SEXTANT_TRACE: '1', SEXTANT_THROTTLE: 'off', SEXTANT_VERBOSE: '0' });
const traceBytes = fs.readdirSync(path.join(experiment, 'trace'))
  .reduce((sum, file) => sum + fs.statSync(path.join(experiment, 'trace', file)).size, 0);
const report = path.join(work, 'report.html');
const writeMs = run(path.join(bin, 'sextant'), ['report', '--html', report, experiment]);
const reportBytes = fs.statSync(report).size;

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
(async () => {
  const loads = [], wholes = [], zooms = [];
  let spans = 0;
  let visits = 0;
  for (let i = 0; i < Number(repeats); ++i) {
    const browser = await openPage(chromium, report);
    const whole = await browser.evaluate(`(() => { const t = performance.now();
      document.getElementById('tab-timeline').click();
      return [performance.now() - t, Number(document.getElementById('timeline-canvas').getAttribute('data-rects'))]; })()`);
    const zoom = await browser.evaluate(`(() => { const t = performance.now();
      for (let k = 0; k < 10; ++k) document.getElementById('timeline-zoom-in').click();
      document.getElementById('timeline-reset').click();
      return (performance.now() - t) / 11; })()`);
    const counts = await browser.evaluate(`(() => { const d = JSON.parse(document.getElementById('sextant-data').textContent).timeline;
      return [d.lanes.reduce((s, l) => s + l.spans.length / 5, 0), d.lanes.reduce((s, l) => s + l.visits, 0)]; })()`);
    spans = counts[0];
    visits = counts[1];
    await browser.close();
    if (browser.consoleErrors.length) throw new Error(browser.consoleErrors.join('\n'));
    loads.push(browser.loadMilliseconds);
    wholes.push(whole[0]);
    zooms.push(zoom);
    console.log(`load ${browser.loadMilliseconds} ms, whole run drawn in ${whole[0].toFixed(0)} ms ` +
      `(${whole[1]} rectangles), a zoom step ${zoom.toFixed(1)} ms`);
  }
  console.log(`${events} events requested, ${visits} visits in the trace (${(traceBytes / 1e6).toFixed(1)} MB), ` +
    `${spans} spans in the report: report ${(reportBytes / 1e6).toFixed(2)} MB, written in ${writeMs.toFixed(0)} ms`);
  console.log(`median: load ${median(loads)} ms, whole run ${median(wholes).toFixed(0)} ms, ` +
    `zoom step ${median(zooms).toFixed(1)} ms`);
  fs.rmSync(work, { recursive: true, force: true });
})().catch((error) => {
  console.log(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
