import SQLite from 'better-sqlite3';
import fs from 'node:fs';
const [K, page, excl] = process.argv.slice(2).map(Number);
  const f = `.scratch/t.db`; for (const s of ['', '-wal', '-shm']) fs.rmSync(f + s, { force: true });
  const db = new SQLite(f);
  if (page) db.pragma('page_size = ' + page);
  db.pragma('journal_mode = OFF'); db.pragma('synchronous = OFF'); db.pragma('cache_size = -262144');
  if (excl) db.pragma('locking_mode = EXCLUSIVE');
  db.exec(`CREATE TABLE m (ada TEXT NOT NULL, month TEXT NOT NULL, ppv INTEGER, gpv INTEGER, pgpv INTEGER, bv INTEGER, br INTEGER, q INTEGER, ql INTEGER, apv INTEGER, sp INTEGER, pin INTEGER, nc INTEGER, pts INTEGER, comp INTEGER, closed INTEGER, att TEXT, PRIMARY KEY (ada, month)) WITHOUT ROWID`);
  const cols = 17;
  const one = '(' + Array(cols).fill('?').join(',') + ')';
  const st = db.prepare(`INSERT INTO m VALUES ${Array(K).fill(one).join(',')}`);
  const buf = new Array(cols * K);
  const months = Array.from({length: 39}, (_, m) => `20${23 + (m/12|0)}-${String(m%12+1).padStart(2,'0')}`);
  const t0 = performance.now();
  db.exec('BEGIN');
  const N = 100000, M = 39; let k = 0; let tb = 0;
  for (let i = 0; i < N; i++) { const ada = String(10000000 + i);
    for (let m = 0; m < M; m++) {
      const o = k * cols;
      buf[o]=ada; buf[o+1]=months[m]; buf[o+2]=i%700; buf[o+3]=i; buf[o+4]=m; buf[o+5]=i*100; buf[o+6]=3; buf[o+7]=0; buf[o+8]=0; buf[o+9]=m; buf[o+10]=0; buf[o+11]=230; buf[o+12]=0; buf[o+13]=5; buf[o+14]=1; buf[o+15]=1; buf[o+16]=null;
      if (++k === K) { st.run(buf); k = 0; }
    } }
  db.exec('COMMIT');
  const t = performance.now() - t0;
  console.log(K, page, excl, (t/1000).toFixed(2), 's', Math.round(N*M/(t/1000)), 'rows/s', (fs.statSync(f).size/1e6).toFixed(0),'MB');
  db.close();
