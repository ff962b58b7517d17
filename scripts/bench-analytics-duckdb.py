"""DuckDB reference for docs/BENCHMARKS.md (dashboard analytics): the same shape of data as
crates/server/examples/bench_analytics.rs (1 M calls, 200 users, 180 days, 5 000 chats) and the
same 30-day queries, in-process. Run: pip install duckdb && python3 scripts/bench-analytics-duckdb.py
(BENCH_ROWS=10000000 for the 10 M rows run)."""
import duckdb, os, time
ROWS=int(os.environ.get("BENCH_ROWS", "1000000"))
END=1793491200000; DAY=86400000
con = duckdb.connect()
con.execute("select setseed(0.42)")
con.execute(f"""create table c as select 1 as org_id, 1000 + (i % 200) as user_id,
  printf('91%010d@c.us', cast(floor(random()*5000) as int)) as chat_id,
  [1,2,2,3,5][1 + cast(floor(random()*5) as int)] as direction,
  cast(floor(random()*900) as bigint) as duration_s,
  {END - 180*DAY} + cast(floor(random()*180) as bigint)*{DAY} + 12600000 + cast(floor(random()*43200000) as bigint) as occurred_at
  from range({ROWS}) t(i)""")
users=",".join(str(u) for u in range(1000,1200))
s,e=END-30*DAY,END-1
q=f"select direction,user_id,count(*),sum(duration_s),count(distinct chat_id) from c where org_id=1 and user_id in ({users}) and occurred_at between {s} and {e} group by direction,user_id"
q2=f"select user_id,count(distinct chat_id) from c where org_id=1 and user_id in ({users}) and occurred_at between {s} and {e} group by user_id"
q3=f"select occurred_at // 900000 as s,direction,count(*),sum(duration_s) from c where org_id=1 and user_id in ({users}) and occurred_at between {s} and {e} group by 1,2"
def t(*qs):
    for q in qs: con.execute(q).fetchall()
    ts=[]
    for _ in range(9):
        a=time.time()
        for q in qs: con.execute(q).fetchall()
        ts.append(time.time()-a)
    return sorted(ts)[4]*1000
print("rows in range", con.execute(f"select count(*) from c where occurred_at between {s} and {e}").fetchone())
print("overview (3 passes) %.1f ms; grouped part %.1f ms; active-hours slots %.1f ms" % (t(q,q2,f"select count(distinct chat_id) from c where org_id=1 and user_id in ({users}) and occurred_at between {s} and {e}"), t(q), t(q3)))
