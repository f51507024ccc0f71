// test/lit/lib/chromium_pipe.js - a page of headless Chromium, driven
// through the DevTools protocol over a pipe.
//
// Part of Sextant's tests and benchmarks. Chromium started with
// --remote-debugging-pipe reads protocol messages (JSON, each ended by a
// NUL byte) on its file descriptor 3 and writes its answers and events on
// 4: no port, no network, no npm package. openPage() starts Chromium with a
// fresh profile directory, opens a page, records console errors, warnings
// and uncaught exceptions, and loads a file; close() ends Chromium and
// removes the profile directory. Used by browser_check.js (the HTML report
// in tests) and benchmarks/html_report/load_time.js.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

async function openPage(chromiumPath, file) {
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'sextant-chromium-'));
  const browser = spawn(chromiumPath, [
    '--headless', '--disable-gpu', '--no-sandbox', '--no-first-run',
    '--disable-extensions', '--disable-background-networking', '--mute-audio',
    '--remote-debugging-pipe', '--user-data-dir=' + userData,
    '--window-size=1280,900', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let browserErrors = '';
  browser.stderr.on('data', (chunk) => { browserErrors += chunk; });
  let nextId = 1;
  const waiting = new Map();
  const listeners = [];
  let pending = '';
  browser.stdio[4].on('data', (chunk) => {
    pending += chunk.toString('utf8');
    let end;
    while ((end = pending.indexOf('\0')) >= 0) {
      const message = JSON.parse(pending.slice(0, end));
      pending = pending.slice(end + 1);
      if (message.id !== undefined && waiting.has(message.id)) {
        const { resolve, reject } = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners) listener(message);
      }
    }
  });
  const send = (method, params, sessionId) => {
    const id = nextId++;
    const message = { id, method, params: params || {} };
    if (sessionId) message.sessionId = sessionId;
    browser.stdio[3].write(JSON.stringify(message) + '\0');
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  };

  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const page = (method, params) => send(method, params, sessionId);
  const consoleErrors = [];
  let loaded = null;
  listeners.push((message) => {
    if (message.sessionId !== sessionId) return;
    const p = message.params;
    if (message.method === 'Page.loadEventFired' && loaded) {
      loaded();
    } else if (message.method === 'Runtime.exceptionThrown') {
      consoleErrors.push('exception: ' + JSON.stringify(p.exceptionDetails));
    } else if (message.method === 'Runtime.consoleAPICalled' &&
               (p.type === 'error' || p.type === 'assert' || p.type === 'warning')) {
      consoleErrors.push('console.' + p.type + ': ' + JSON.stringify(p.args));
    } else if (message.method === 'Log.entryAdded' &&
               (p.entry.level === 'error' || p.entry.level === 'warning')) {
      consoleErrors.push('log: ' + p.entry.text);
    }
  });
  await page('Runtime.enable');
  await page('Log.enable');
  await page('Page.enable');
  const load = new Promise((resolve) => { loaded = resolve; });
  const started = Date.now();
  await page('Page.navigate', { url: 'file://' + path.resolve(file) });
  await load;

  return {
    /// Milliseconds from the navigation to the load event.
    loadMilliseconds: Date.now() - started,
    consoleErrors,
    browserErrors: () => browserErrors,
    page,
    /// The value of a JavaScript expression in the page (awaited).
    async evaluate(expression) {
      const result = await page('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (result.exceptionDetails) throw new Error('evaluating: ' + JSON.stringify(result.exceptionDetails));
      return result.result.value;
    },
    /// Writes a PNG of the whole page to File.
    async screenshot(pngFile) {
      const { data } = await page('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
      fs.writeFileSync(pngFile, Buffer.from(data, 'base64'));
    },
    /// Ends Chromium (Browser.close, a SIGKILL after 5 s) and removes its
    /// profile directory.
    close() {
      return new Promise((resolve) => {
        const done = () => {
          try {
            fs.rmSync(userData, { recursive: true, force: true, maxRetries: 5 });
          } catch (error) {
            // A profile directory left in the temporary directory is no failure.
          }
          resolve();
        };
        if (browser.exitCode !== null || browser.signalCode !== null) return done();
        browser.on('exit', done);
        send('Browser.close').catch(() => {});
        setTimeout(() => browser.kill('SIGKILL'), 5000);
      });
    },
  };
}

module.exports = { openPage };
