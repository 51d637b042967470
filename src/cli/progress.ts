// A progress bar on stderr: redrawn in place on a terminal, a line every 10% otherwise (logs, CI).

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): (done: number, total: number) => void {
  const started = Date.now();
  let lastDraw = 0;
  let lastDecile = -1;
  return (done, total) => {
    const now = Date.now();
    const frac = total > 0 ? done / total : 1;
    const rate = done / Math.max(1e-3, (now - started) / 1000);
    const eta = rate > 0 ? (total - done) / rate : 0;
    const text = `${label} ${done}/${total} (${(frac * 100).toFixed(0)}%, ${rate.toFixed(1)}/s, ${eta.toFixed(0)} s left)`;
    if (stream.isTTY) {
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      const width = 24;
      const fill = Math.round(frac * width);
      stream.write(`\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${text}\x1b[K${done >= total ? '\n' : ''}`);
    } else {
      const decile = Math.floor(frac * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        stream.write(`${text}\n`);
      }
    }
  };
}
