"""Benchmark: auditing Parquet files out of core through DuckDB (issue 15).

Generates a Parquet dataset (2 protected attributes x 5 groups, y_true, y_pred, score, 20 unused
float32 columns) in a temporary folder, in 1M-row row groups; then, each in a fresh process:
a bare DuckDB ``SELECT ... GROUP BY`` over the audit's columns (one scan: the physical limit),
the full ``ethiclens audit`` through DuckDB at B = 1,000 (counting + Jeffreys intervals + report
object), and, at the smallest size, the pandas path and a Dask LocalCluster for contrast. Prints
wall time and peak RSS.
Sizes that are not run are extrapolated from the measured slope, and the printout says so.

Run: ``make bench`` (10M, 30M and 100M rows: about 10 GB of temporary disk and 5 minutes
here), or ``python bench/bench_scale.py --rows 10`` (millions of rows).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

CHUNK = 1_000_000
THREADS = int(os.environ.get("BENCH_THREADS", "2"))


def generate(path: str, n_rows: int, seed: int = 0) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    unused = {f"x{i}": rng.random(CHUNK, dtype=np.float32) for i in range(20)}
    names = np.array([f"g{i}" for i in range(5)])
    writer = None
    for start in range(0, n_rows, CHUNK):
        n = min(CHUNK, n_rows - start)
        a, b = rng.integers(0, 5, n), rng.integers(0, 5, n)
        score = rng.random(n)
        y = (rng.random(n) < score).astype(np.int8)
        pred = (score + 0.03 * a > 0.5).astype(np.int8)
        cols = {
            "a": names[a],
            "b": names[b],
            "y_true": y,
            "y_pred": pred,
            "score": score,
            **{k: v[:n] for k, v in unused.items()},
        }
        table = pa.table(cols)
        if writer is None:
            writer = pq.ParquetWriter(path, table.schema)
        writer.write_table(table)
    writer.close()


def child(mode: str, path: str) -> None:
    extra = {}
    t0 = time.perf_counter()
    if mode == "scan":
        import duckdb

        con = duckdb.connect(config={"threads": THREADS})
        con.execute(
            "SELECT a, b, y_true, y_pred, LEAST(FLOOR(score * 10), 9) AS bin, COUNT(*), "
            "SUM(score) FROM read_parquet($p) GROUP BY ALL",
            {"p": [path]},
        ).fetchall()
    else:
        import ethiclens
        from ethiclens.sources import Roles, counts_of, duckdb_counts

        roles = Roles("y_pred", ["a", "b"], "y_true", "score")
        t1 = time.perf_counter()
        if mode == "duckdb":
            table = duckdb_counts(path, roles, threads=THREADS)
        elif mode == "dask":
            import dask.dataframe as dd
            import distributed

            from ethiclens.sources import dask_counts

            with (
                distributed.LocalCluster(
                    n_workers=1, threads_per_worker=THREADS, processes=False, dashboard_address=None
                ) as cluster,
                distributed.Client(cluster),
            ):
                t1 = time.perf_counter()  # the cluster's start-up is not counting
                table = dask_counts(dd.read_parquet(path, columns=roles.columns), roles)
        else:
            import pandas as pd

            table = counts_of(pd.read_parquet(path), roles)
        t2 = time.perf_counter()
        ethiclens.audit_counts(table, n_boot=1000, random_state=0)
        extra = {
            "import_s": t1 - t0,
            "count_s": t2 - t1,
            "audit_s": time.perf_counter() - t2,
            "cells": len(table),
        }
    wall = time.perf_counter() - t0
    print(json.dumps({"wall_s": wall, "peak_rss_mb": peak_rss_mb(), **extra}))


def peak_rss_mb() -> float:
    """This process's own peak RSS (VmHWM; ru_maxrss would include the parent's at fork)."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(mode: str, path: str) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", mode, path], capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, nargs="+", default=[10, 30, 100], help="millions of rows")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(*args.child)
        return
    tmp = tempfile.mkdtemp(prefix="ethiclens-scale-")
    rows = []
    try:
        for m in sorted(args.rows):
            path = os.path.join(tmp, f"d{m}.parquet")
            t0 = time.perf_counter()
            generate(path, m * 1_000_000)
            gen = time.perf_counter() - t0
            size = os.path.getsize(path) / 2**20
            scan, audit = measure("scan", path), measure("duckdb", path)
            line = {"rows_m": m, "file_mb": size, "gen_s": gen, "scan": scan, "audit": audit}
            if m == min(args.rows):
                line["pandas"] = measure("pandas", path)
                line["dask"] = measure("dask", path)
            rows.append(line)
            os.remove(path)
            print(json.dumps(line), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nDuckDB threads: {THREADS}; B = 1,000; 2 attributes x 5 groups + 20 unused columns")
    print(
        "| rows | file | bare DuckDB scan | ethiclens audit, all (count + B=1,000 audit) | "
        "ratio | count only / scan | peak RSS audit (scan) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        s, a = r["scan"], r["audit"]
        print(
            f"| {r['rows_m']}M | {r['file_mb']:.0f} MB | {s['wall_s']:.2f} s | "
            f"{a['wall_s']:.2f} s ({a['count_s']:.2f} + {a['audit_s']:.2f} s, "
            f"imports {a['import_s']:.2f} s) | {a['wall_s'] / s['wall_s']:.2f}x | "
            f"{a['count_s'] / s['wall_s']:.2f}x | {a['peak_rss_mb']:.0f} MB "
            f"({s['peak_rss_mb']:.0f} MB) |"
        )
    if len(rows) >= 2:
        (x0, y0), (x1, y1) = [(r["rows_m"], r["audit"]["wall_s"]) for r in rows[-2:]]
        slope = (y1 - y0) / (x1 - x0)
        for m in (100, 1000):  # sizes not measured
            if m not in [r["rows_m"] for r in rows]:
                est = y1 + slope * (m - x1)
                print(f"{m}M rows: about {est:.0f} s (EXTRAPOLATED from the measured slope)")
    d = rows[0].get("dask")
    if d:
        per100 = d["count_s"] * 100 / rows[0]["rows_m"]
        print(
            f"Dask LocalCluster (1 worker, {THREADS} threads) at {rows[0]['rows_m']}M rows: "
            f"counting {d['count_s']:.2f} s, whole audit {d['wall_s']:.2f} s, peak RSS "
            f"{d['peak_rss_mb']:.0f} MB; about {per100:.0f} s per 100M rows (EXTRAPOLATED, linear)"
        )
    p = rows[0].get("pandas")
    if p:
        print(
            f"pandas path at {rows[0]['rows_m']}M rows: {p['wall_s']:.2f} s, "
            f"peak RSS {p['peak_rss_mb']:.0f} MB"
        )


if __name__ == "__main__":
    main()
