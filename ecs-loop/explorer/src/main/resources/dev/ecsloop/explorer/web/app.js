// The explorer page: systems with rate sliders, tick timeline, cost chart, entity list by component, and a live
// inspector. Everything goes through rpc.js; nothing is loaded from anywhere but this server.
import { call, setToken, watch } from './rpc.js';
import { timeline, lines } from './charts.js';

const $ = id => document.getElementById(id);
const rows = new Map();
let filters = [];
let after = -1;
let inspected = null;
let following = null; // the AbortController of the inspector's watch stream
let lastSystems = null;

function showError(e) { $('error').textContent = e ? String(e.message || e) : ''; }

function cell(text) { const td = document.createElement('td'); td.textContent = text; return td; }

function systemRow(s) {
  const tr = document.createElement('tr');
  tr.id = 'system-' + s.name;
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.min = '1';
  slider.max = '240';
  slider.step = '1';
  slider.id = 'rate-' + s.name;
  slider.disabled = s.kind === 'frame';
  const hz = document.createElement('span');
  slider.addEventListener('input', () => { hz.textContent = slider.value; });
  slider.addEventListener('change', async () => {
    try {
      await call('loop.set_rate', { system: s.name, hz: Number(slider.value) });
      showError(null);
    } catch (e) { showError(e); }
  });
  const rateCell = document.createElement('td');
  rateCell.append(hz);
  const sliderCell = document.createElement('td');
  sliderCell.append(slider);
  const cells = { kind: cell(''), phase: cell(''), tps: cell(''), mean: cell(''), max: cell(''), dropped: cell('') };
  tr.append(cell(s.name), cells.kind, rateCell, sliderCell, cells.phase, cells.tps, cells.mean, cells.max,
    cells.dropped);
  $('systems').tBodies[0].append(tr);
  return { tr, slider, hz, cells };
}

async function refreshSystems() {
  const r = await call('loop.systems');
  lastSystems = r;
  $('status').textContent = `sim ${(r.sim_ns / 1e9).toFixed(3)} s | ${r.fps} fps | `
    + `${r.paused ? 'paused' : 'running'} | scale ${r.timescale} | dropped ${(r.dropped_ns / 1e6).toFixed(0)} ms`;
  $('pause').textContent = r.paused ? 'resume' : 'pause';
  for (const s of r.systems) {
    let row = rows.get(s.name);
    if (!row) { row = systemRow(s); rows.set(s.name, row); }
    row.cells.kind.textContent = s.kind;
    if (document.activeElement !== row.slider) {
      row.slider.value = String(Math.round(s.rate_hz));
      row.hz.textContent = s.kind === 'frame' ? 'every frame' : String(s.rate_hz);
    }
    row.slider.disabled = s.kind === 'frame';
    row.cells.phase.textContent = s.phase.toFixed(3);
    row.cells.tps.textContent = s.tps;
    row.cells.mean.textContent = s.mean_ms.toFixed(3);
    row.cells.max.textContent = s.max_ms.toFixed(3);
    row.cells.dropped.textContent = s.dropped_runs;
  }
  timeline($('timeline'), r.sim_ns, r.systems);
}

async function refreshCosts() {
  lines($('costs'), await call('loop.stats', { window: $('window').value }), 'mean_ms');
}

async function loadComponents() {
  const r = await call('world.components');
  const box = $('filters');
  box.textContent = '';
  for (const c of r.components) {
    const label = document.createElement('label');
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.value = c.name;
    check.id = 'filter-' + c.name;
    check.addEventListener('change', () => {
      filters = [...box.querySelectorAll('input:checked')].map(i => i.value);
      listEntities(true).catch(showError);
    });
    label.append(check, ' ' + c.name);
    box.append(label);
  }
}

async function listEntities(fresh) {
  if (fresh) { after = -1; $('entities').textContent = ''; }
  const r = await call('world.query', { with: filters, after, limit: 1000 });
  for (const e of r.entities) {
    const li = document.createElement('li');
    li.textContent = 'entity ' + e;
    li.id = 'entity-' + e;
    li.addEventListener('click', () => inspect(e));
    $('entities').append(li);
  }
  after = r.next_after ?? after;
  $('more').hidden = r.next_after === null;
  $('entity-count').textContent = $('entities').children.length + ' shown';
}

function inspect(e) {
  inspected = e;
  document.querySelectorAll('#entities li.selected').forEach(li => li.classList.remove('selected'));
  const li = $('entity-' + e);
  if (li) li.classList.add('selected');
  $('inspected').textContent = 'entity ' + e;
  $('inspector').textContent = '';
  if (following) following.abort();
  following = new AbortController();
  follow(e, following.signal);
}

// The inspector's live values: a world.watch stream of the whole entity, five events a second, read through
// fetch (rpc.js) so that the token travels as a header, as for every call (EventSource cannot send one, and a
// token in a URL would end up in logs and history). A stream that ends or fails is reopened a second later while
// the entity is still the one inspected.
async function follow(e, signal) {
  while (!signal.aborted) {
    try {
      await watch({ entities: [e], hz: 5 }, r => showEntity(e, r.values[String(e)]), signal);
    } catch (err) {
      if (signal.aborted) return;
      showError(err);
      if (err.status === 401) return;
    }
    await new Promise(done => setTimeout(done, 1000));
  }
}

function render(value) {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function showEntity(e, components) {
  if (inspected !== e) return;
  $('inspected').textContent = components === null ? `entity ${e} (gone)` : 'entity ' + e;
  if (components === null) return;
  const box = $('inspector');
  for (const [name, fields] of Object.entries(components)) {
    let div = $('component-' + name);
    if (!div) {
      div = document.createElement('div');
      div.className = 'component';
      div.id = 'component-' + name;
      const h = document.createElement('h3');
      h.textContent = name;
      div.append(h, document.createElement('table'));
      box.append(div);
    }
    const table = div.querySelector('table');
    for (const [field, value] of Object.entries(fields)) {
      const id = `value-${name}-${field}`;
      let input = $(id);
      if (!input) {
        const tr = document.createElement('tr');
        input = document.createElement('input');
        input.id = id;
        input.addEventListener('keydown', async ev => {
          if (ev.key !== 'Enter') return;
          let v = input.value.trim();
          try { v = JSON.parse(v); } catch { /* a plain string */ }
          try {
            await call('world.set', { entity: inspected, component: name, field, value: v });
            showError(null);
          } catch (err) { showError(err); }
          input.blur();
        });
        const td = document.createElement('td');
        td.append(input);
        tr.append(cell(field), td);
        table.append(tr);
      }
      if (document.activeElement !== input) input.value = render(value);
    }
  }
}

function every(ms, task) {
  const run = async () => {
    try { await task(); } catch (e) { showError(e); if (e.status === 401) return; }
    setTimeout(run, ms);
  };
  run();
}

async function start() {
  try {
    await loadComponents();
    await refreshSystems();
    await listEntities(true);
    showError(null);
  } catch (e) {
    showError(e);
    if (e.status === 401) { sessionStorage.removeItem('ecs-loop-token'); $('login').hidden = false; }
    return;
  }
  every(250, refreshSystems);
  every(1000, refreshCosts);
}

$('pause').addEventListener('click', () =>
  call('loop.pause', { paused: !(lastSystems && lastSystems.paused) }).catch(showError));
$('step').addEventListener('click', () => call('loop.step').catch(showError));
$('timescale').addEventListener('change', () =>
  call('loop.timescale', { scale: Number($('timescale').value) }).catch(showError));
$('more').addEventListener('click', () => listEntities(false).catch(showError));
$('window').addEventListener('change', () => refreshCosts().catch(showError));
$('login').addEventListener('submit', ev => {
  ev.preventDefault();
  sessionStorage.setItem('ecs-loop-token', $('token').value.trim());
  setToken($('token').value.trim());
  $('login').hidden = true;
  start();
});

const fromUrl = new URLSearchParams(location.hash.slice(1)).get('token');
if (fromUrl) {
  sessionStorage.setItem('ecs-loop-token', fromUrl);
  history.replaceState(null, '', location.pathname); // keep the token out of the address bar
}
const saved = sessionStorage.getItem('ecs-loop-token');
if (saved) { setToken(saved); start(); } else { $('login').hidden = false; }
