import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = new PGlite({ extensions: { pg_trgm } });
await db.exec('create extension if not exists pg_trgm');
await db.exec("create table t(name text); create index t_i on t using gin (lower(name) gin_trgm_ops)");
console.log(await db.query("select similarity('abc','abd') s"));
const dump = await db.dumpDataDir('none');
const db2 = new PGlite({ loadDataDir: dump, extensions: { pg_trgm } });
console.log((await db2.query("insert into t values ('Hello') returning lower(name) like '%ell%' as x")).rows);
const db3 = new PGlite({ loadDataDir: dump });
try { console.log((await db3.query("insert into t values ('Hello') returning 1")).rows); } catch (e) { console.log('without ext:', e.message); }
