// Writes a .br and a .gz copy next to every text file of the build, so the server sends compressed
// files without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path) || path.endsWith('.map')) continue;
  const data = readFileSync(path);
  if (data.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${dist}`);
