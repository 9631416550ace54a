// Small canvas charts: no library, no network.
const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
  '#bcbd22', '#17becf', '#393b79', '#637939'];

export function color(i) { return COLORS[i % COLORS.length]; }

// One row per fixed-rate system: its tick instants over the last `span` ns of simulated time, from its rate
// and phase (ticks fall at (k + phase) / rate).
export function timeline(canvas, simNs, systems, span = 250e6) {
  const g = canvas.getContext('2d');
  g.clearRect(0, 0, canvas.width, canvas.height);
  const left = 170;
  const rows = systems.length || 1;
  const h = canvas.height / rows;
  const x = t => left + (canvas.width - left - 8) * (1 - (simNs - t) / span);
  systems.forEach((s, i) => {
    const y = i * h;
    g.fillStyle = '#333';
    g.font = '11px sans-serif';
    g.fillText(s.name + (s.kind === 'frame' ? ' (every frame)' : ''), 4, y + h * 0.65);
    g.strokeStyle = color(i);
    if (s.kind === 'frame' || s.rate_hz <= 0) return;
    const step = 1e9 / s.rate_hz;
    let k = Math.ceil(((simNs - span) / step) - s.phase);
    for (let n = 0; n < 2000; n++, k++) {
      const t = (k + s.phase) * step;
      if (t > simNs) break;
      g.beginPath();
      g.moveTo(x(t), y + 2);
      g.lineTo(x(t), y + h - 2);
      g.stroke();
    }
  });
}

// Lines of a per-system column of a loop.stats window.
export function lines(canvas, stats, column) {
  const g = canvas.getContext('2d');
  g.clearRect(0, 0, canvas.width, canvas.height);
  const names = Object.keys(stats.systems);
  let max = 0.001;
  for (const n of names) for (const v of stats.systems[n][column]) max = Math.max(max, v);
  const w = canvas.width - 180;
  const h = canvas.height - 20;
  const count = Math.max(2, stats.samples);
  g.font = '11px sans-serif';
  g.fillStyle = '#333';
  g.fillText(max.toFixed(3) + ' ms', 4, 12);
  names.forEach((n, i) => {
    const values = stats.systems[n][column];
    g.strokeStyle = color(i);
    g.beginPath();
    values.forEach((v, j) => {
      const px = 60 + (w - 60) * j / (count - 1);
      const py = 10 + h - h * v / max;
      if (j === 0) g.moveTo(px, py); else g.lineTo(px, py);
    });
    g.stroke();
    g.fillStyle = color(i);
    g.fillText(n, w + 10, 14 + i * 14);
  });
}
