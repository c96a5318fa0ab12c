"""Benchmark: how fast the CLI answers ``--help`` (target: under 0.5 s each).

Each command is run as a fresh process (the installed ``ethiclens`` script next to this Python,
else ``python -m ethiclens``), 5 times after one warm-up run; the median wall time is printed,
with the heavy modules each one imported (there should be none: ADR 0007). No assertion: the
test suite checks which modules are imported, not times.

Run: ``make bench`` (it prints this first) or ``python bench/bench_cli.py --runs 9``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = (["--help"], ["audit", "--help"])
TARGET_S = 0.5
HEAVY = ("pandas", "sklearn", "matplotlib", "scipy", "torch", "jax", "xgboost")


def entry_point() -> list[str]:
    script = Path(sys.executable).with_name("ethiclens")
    return [str(script)] if script.exists() else [sys.executable, "-m", "ethiclens"]


def time_command(argv: list[str], runs: int) -> float:
    cmd = entry_point() + argv
    subprocess.run(cmd, check=True, capture_output=True)  # warm the file cache
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def heavy_imports(argv: list[str]) -> list[str]:
    code = (
        f"import sys\nfrom ethiclens.cli import main\nmain({argv!r})\n"
        f"print('HEAVY=' + ','.join(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = (
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        .stdout.strip()
        .splitlines()
    )
    return [m for m in out[-1].removeprefix("HEAVY=").split(",") if m]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"CLI start-up: median of {args.runs} runs per command ({' '.join(entry_point())})")
    for argv in COMMANDS:
        median = time_command(argv, args.runs)
        heavy = heavy_imports(argv)
        verdict = "ok" if median < TARGET_S else f"SLOW (target {TARGET_S} s)"
        print(
            f"  ethiclens {' '.join(argv):<15} {median:6.3f} s  {verdict}; "
            f"heavy modules imported: {', '.join(heavy) or 'none'}"
        )


if __name__ == "__main__":
    main()
