"""Benchmark: the web app from click to result, and under load (issue 25).

Starts the real ``ethiclens serve`` (a subprocess, process worker pool), then drives it over
HTTP as a browser would: upload a CSV (multipart, streamed), read the proposed mapping, confirm
it, poll the audit page until the verdict shows. Prints per-audit wall times (p50/p95) and the
peak resident memory of the server with its workers (sampled every 50 ms with psutil).

- default: one 1,000,000-row upload (goal: under 10 s, server under 1 GB);
- ``--users 20 --rows 100000``: 20 concurrent users, each its own 100,000-row file (the load
  test of ``tests/web/test_load.py``, which also checks every result against the library).

Run: ``make bench`` or ``python bench/bench_web.py --users 20 --rows 100000``.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np


def make_csv(path: Path, rows: int, seed: int) -> Path:
    rng = np.random.default_rng(seed)
    group = rng.choice(["A", "B", "C"], rows, p=[0.5, 0.3, 0.2])
    label = rng.integers(0, 2, rows)
    rate = np.select([group == "A", group == "B"], [0.6, 0.45], 0.3)
    pred = (rng.random(rows) < rate).astype(int)
    score = np.clip(pred * 0.5 + rng.random(rows) * 0.5, 0, 1).round(4)
    # the bytes pandas' to_csv wrote (each score as its shortest repr), ~5x faster: a score
    # rounded to 4 places is one of 10,001 values, each formatted once
    text = np.array([repr(k / 10_000) for k in range(10_001)])
    head = np.array(["0,0,", "0,1,", "1,0,", "1,1,"])[label * 2 + pred]
    lines = np.char.add(np.char.add(head, text[np.rint(score * 10_000).astype(int)]), ",")
    lines = np.char.add(lines, group).tolist()
    path.write_text("\n".join(["label,pred,score,group", *lines]) + "\n")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``ethiclens serve`` in a subprocess, with a memory sampler over its process tree."""

    def __init__(self, data_dir: Path, workers: int, max_upload: str = "1GB"):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ethiclens",
                "serve",
                "--port",
                str(self.port),
                "--data-dir",
                str(data_dir),
                "--workers",
                str(workers),
                "--max-upload",
                max_upload,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.time() + 180
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).read()
                break
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stdout.read()) from None
                time.sleep(0.2)
        self.peak = 0
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def _sample(self):
        import psutil

        root = psutil.Process(self.proc.pid)
        while not self._stop.is_set():
            try:
                procs = [root, *root.children(recursive=True)]
                rss = sum(p.memory_info().rss for p in procs if p.is_running())
                self.peak = max(self.peak, rss)
            except psutil.Error:
                pass
            time.sleep(0.05)

    def close(self):
        self._stop.set()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', html).group(1)


def audit_file(base: str, csv: Path, n_boot: int | None = None, timeout=900) -> dict:
    """Upload -> confirm the proposed mapping -> wait for the result, as one user; returns
    {seconds, audit (url), word, json}."""
    import httpx

    start = time.perf_counter()
    # idle connections dropped well before the server's 5 s keep-alive ends: a loaded machine
    # otherwise races the server's close with the next request (connection reset by peer)
    limits = httpx.Limits(keepalive_expiry=1.0)
    with httpx.Client(base_url=base, timeout=timeout, limits=limits) as client:
        token = _csrf(client.get("/").text)
        with open(csv, "rb") as fh:
            r = client.post("/upload", data={"csrf": token}, files={"file": (csv.name, fh)})
        assert r.status_code == 303, r.text[-500:]
        mapping = r.headers["location"]
        page = client.get(mapping).text
        form = {"csrf": _csrf(page), "rev": re.search(r'name="rev" value="(\d+)"', page)[1]}
        for name in ("y_true", "y_pred", "y_score"):
            select = re.search(rf'<select id="{name}"[^>]*>(.*?)</select>', page, re.S)
            m = select and re.search(r'<option value="([^"]*)" selected', select.group(1))
            form[name] = m.group(1) if m else ""
        form["protected"] = re.findall(r'name="protected" value="(\d+)"[^>]*checked', page)
        if n_boot:
            form["n_boot"] = str(n_boot)
        r = client.post(mapping, data=form)
        assert r.status_code == 303, r.text[-1500:]
        audit = r.headers["location"]
        deadline = time.time() + timeout
        while time.time() < deadline:
            text = client.get(audit).text
            if 'http-equiv="refresh"' not in text:
                break
            time.sleep(0.1)
        seconds = time.perf_counter() - start
        word = re.search(r'id="verdict-word">(\w+)<', text)
        result = client.get(audit + "/download/json").text if word else None
        config = client.get(audit + "/download/config").text if word else None
    return {
        "seconds": seconds,
        "audit": audit,
        "word": word and word.group(1),
        "json": result,
        "config": config,
        "page": None if word else text[-2000:],
    }


def run(rows: int, users: int, workers: int, n_boot: int | None = None, folder=None) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        tmp = Path(folder or tmp)
        files = [make_csv(tmp / f"user{i}.csv", rows, seed=i) for i in range(users)]
        server = Server(tmp / "data", workers)
        try:
            with ThreadPoolExecutor(users) as pool:
                results = list(pool.map(lambda f: audit_file(server.url, f, n_boot), files))
        finally:
            server.close()
        times = sorted(r["seconds"] for r in results)
        return {
            "results": results,
            "files": files,
            "p50": statistics.median(times),
            "p95": times[min(len(times) - 1, int(np.ceil(0.95 * len(times))) - 1)],
            "max": times[-1],
            "peak_rss_mb": server.peak / 2**20,
            "upload_mb": files[0].stat().st_size / 2**20,
        }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--users", type=int, default=1)
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    parser.add_argument("--n-boot", type=int, default=None)
    args = parser.parse_args(argv)
    out = run(args.rows, args.users, args.workers, args.n_boot)
    words = {r["word"] for r in out["results"]}
    print(
        f"web app: {args.users} user(s) x {args.rows:,} rows ({out['upload_mb']:.0f} MB CSV "
        f"each), {args.workers} worker(s): click to result p50 {out['p50']:.2f} s, p95 "
        f"{out['p95']:.2f} s, max {out['max']:.2f} s; server peak RSS {out['peak_rss_mb']:.0f} "
        f"MB (with workers); verdicts {sorted(map(str, words))}"
    )


if __name__ == "__main__":
    main()
