// Serves PGlite (PostgreSQL built to WebAssembly) with pgvector on a loopback port, for the pgvector tests:
//   node pglite-server.mjs PORT
// Prints "ready PORT" once it listens. One backend session serves every client connection, one at a
// time: clients must use unnamed statements, and session state carries over between connections.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = Number.parseInt(process.argv[2] ?? '', 10);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: node pglite-server.mjs PORT');
  process.exit(2);
}

// a client that resets its socket raises ECONNRESET outside any handler: it must not end the server
process.on('uncaughtException', (error) => {
  console.error(`pglite-server: ${error.code ?? ''} ${error.message}`);
});

const db = await PGlite.create({ extensions: { vector } });
await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1' });
await server.start();
console.log(`ready ${port}`);

const stop = async () => {
  await server.stop();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
