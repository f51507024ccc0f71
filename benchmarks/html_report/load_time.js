// benchmarks/html_report/load_time.js - size and load time of the HTML
// report of a large profile.
//
// Part of Sextant's benchmarks. Makes an experiment of N call paths
// (wide_profile.py beside this file, with the experiment.json and
// regions.json of the fixed test experiment), times `sextant report --html`
// on it, and opens the report REPEATS times in headless Chromium
// (test/lit/lib/chromium_pipe.js): the time to the load event (parsing the
// embedded data and showing the call tree), then the time to draw the
// flame graph and to sort the call tree by visits, measured in the page.
//
// Usage: node load_time.js SEXTANT_BINARY [N (100000)] [REPEATS (5)]
//        [CHROMIUM (/usr/bin/chromium)]
// Prints one line per measurement and the medians.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { openPage } = require('../../test/lit/lib/chromium_pipe');

const [sextant, n = '100000', repeats = '5', chromium = '/usr/bin/chromium'] = process.argv.slice(2);
if (!sextant) {
  console.log('usage: node load_time.js SEXTANT_BINARY [N] [REPEATS] [CHROMIUM]');
  process.exit(2);
}
const source = path.join(__dirname, '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sextant-html-benchmark-'));
const experiment = path.join(work, 'experiment');
fs.cpSync(path.join(source, 'test/lit/e2e/tool/Inputs/experiment-fixed'), experiment, { recursive: true });
fs.rmSync(path.join(experiment, 'profile-threads.json'), { force: true });
const run = (command, args) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(command + ' failed');
  return Number(process.hrtime.bigint() - started) / 1e6;
};
run('python3', [path.join(__dirname, 'wide_profile.py'), path.join(experiment, 'profile.json'), n]);
const report = path.join(work, 'report.html');
const writeMs = run(sextant, ['report', '--html', report, experiment]);
const profileBytes = fs.statSync(path.join(experiment, 'profile.json')).size;
const reportBytes = fs.statSync(report).size;
console.log(`${n} call paths: profile.json ${(profileBytes / 1e6).toFixed(1)} MB, ` +
  `report ${(reportBytes / 1e6).toFixed(1)} MB, written in ${writeMs.toFixed(0)} ms`);

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
(async () => {
  const loads = [], flames = [], sorts = [];
  for (let i = 0; i < Number(repeats); ++i) {
    const browser = await openPage(chromium, report);
    const flame = await browser.evaluate(`(() => { const t = performance.now();
      document.getElementById('tab-flame').click();
      return [performance.now() - t, document.querySelectorAll('#flame-graph g.frame').length]; })()`);
    const sort = await browser.evaluate(`(() => { document.getElementById('tab-tree').click();
      const t = performance.now(); document.querySelector('#call-tree th[data-key="visits"]').click();
      return performance.now() - t; })()`);
    const rows = await browser.evaluate(`document.querySelectorAll('#call-tree tbody tr').length`);
    await browser.close();
    if (browser.consoleErrors.length) throw new Error(browser.consoleErrors.join('\n'));
    loads.push(browser.loadMilliseconds);
    flames.push(flame[0]);
    sorts.push(sort);
    console.log(`load ${browser.loadMilliseconds} ms (${rows} rows shown), flame graph ${flame[0].toFixed(0)} ms ` +
      `(${flame[1]} frames), sort ${sort.toFixed(0)} ms`);
  }
  console.log(`median: load ${median(loads)} ms, flame graph ${median(flames).toFixed(0)} ms, ` +
    `sort ${median(sorts).toFixed(0)} ms`);
  fs.rmSync(work, { recursive: true, force: true });
})().catch((error) => {
  console.log(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
