"""Chugg et al.'s census experiment on ACSIncome (Colorado, shipped offline): docs/monitoring.md.

A random forest (scikit-learn defaults, ``random_state=42``) is trained on 2,000 random rows, as
in the paper's notebook; its predictions on the other rows are streamed in random order (women
against men, one of each per step) and the stopping times of the monitor's per-window test, the
paper's per-observation test and the per-window permutation tests are compared on the same
streams (``ethiclens.monitor._replay``). One core, fixed seeds.

    python scripts/monitor_acs_income.py [--streams 100] [--horizon 4000] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
import time

import numpy as np


def predictions(train_rows: int = 2000, seed: int = 42) -> dict:
    """The forest's predictions on the rows it was not trained on, with labels and sex."""
    from sklearn.ensemble import RandomForestClassifier

    from ethiclens.datasets import load_acs_income

    data = load_acs_income("CO")
    x, y = data.features.to_numpy(float), data.label.to_numpy()
    sex = data.protected["SEX"].to_numpy()
    # the paper's notebook: np.random.seed(42); np.random.choice(n, 2000, replace=False)
    train = np.random.RandomState(seed).choice(len(y), train_rows, replace=False)
    model = RandomForestClassifier(random_state=seed, n_jobs=1).fit(x[train], y[train])
    rest = np.setdiff1d(np.arange(len(y)), train)
    return {"pred": model.predict(x[rest]).astype(int), "y": y[rest], "sex": sex[rest]}


def experiment(settings, train_rows: int = 2000) -> dict:
    from ethiclens.monitor._replay import replay

    start = time.perf_counter()
    d = predictions(train_rows)
    men, women = d["sex"] == "Male", d["sex"] == "Female"
    pos = d["y"] == 1
    out = {
        "settings": settings.__dict__,
        # equality of opportunity (the paper's census test): predictions of the positives
        "equal_opportunity": replay(d["pred"][men & pos], d["pred"][women & pos], settings),
        # demographic parity: predictions of all rows; also the policy's DI band [0.8, 1.25]
        "demographic_parity": replay(d["pred"][men], d["pred"][women], settings, 0.8),
    }
    out["wall_seconds"] = round(time.perf_counter() - start, 1)
    return out


def _defined(x) -> bool:
    """False for the NaN the replay's summaries hold where a median has no stream to take."""
    return x is not None and not (isinstance(x, float) and math.isnan(x))


def _cell(x, fmt: str) -> str:
    """One table cell; an undefined number (no stream to take a median of) says so."""
    return format(x, fmt) if _defined(x) else "undefined"


def _later(summary: dict) -> str:
    """Ours against the paper's loop on the same real streams (``_replay.later_than_loop``):
    the share is undefined when the loop rejected no stream, the median when no stream was
    rejected by both (short or few streams)."""
    if "later_by_more_than_one_window" not in summary:
        return ""
    share = summary["later_by_more_than_one_window"]
    if not _defined(share):
        return "undefined (the loop rejected no stream)"
    median = summary["median_difference"]
    if not _defined(median):
        return f"{share:.0%} (median undefined: no stream rejected by both)"
    return f"{share:.0%} (median {round(median):+d} pairs)"


def undefined_as_null(result: dict) -> dict:
    """The result with every undefined number (NaN: a median with no stream to take, the
    later-than-loop share when the paper's loop rejected no stream) as ``None`` (JSON null,
    never NaN or 0)."""
    if isinstance(result, dict):
        return {k: undefined_as_null(v) for k, v in result.items()}
    if isinstance(result, list | tuple):
        return [undefined_as_null(v) for v in result]
    return result if _defined(result) else None


def without_post_shift_delay(result: dict) -> dict:
    """With a horizon no longer than the shift's step no stream has a step after the shift:
    its delay is undefined (``summarise`` would count every stream as stopping at once)."""
    settings = result["settings"]
    if settings["horizon"] > settings["shift"]:
        return result
    for res in result.values():
        if isinstance(res, dict) and "real" in res:
            for summary in res["shift"].values():
                summary["median_delay_after_shift"] = None
    return result


def table(result: dict) -> str:
    """The markdown rows of docs/monitoring.md's ACSIncome table (``result`` as returned by
    :func:`undefined_as_null`)."""
    lines = []
    for comparison, res in result.items():
        if not isinstance(res, dict) or "real" not in res:
            continue
        for method in res["real"]:
            real, null, shift = (res[s][method] for s in ("real", "null", "shift"))
            cells = [
                comparison,
                method,
                f"{real['rejected']:.0%}",
                _cell(real["median_tau"], ".0f"),
                _cell(real["mean_tau"], ".0f"),
                f"{null['rejected']:.1%}",
                f"{shift['rejected_before_shift']:.1%}",
                _cell(shift["median_delay_after_shift"], ".0f"),
                _later(real),
            ]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> None:
    from ethiclens.monitor._replay import ReplaySettings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--horizon", type=int, default=4000)
    parser.add_argument("--json", help="also write the result as JSON")
    args = parser.parse_args(argv)
    settings = ReplaySettings(streams=args.streams, horizon=args.horizon)
    result = without_post_shift_delay(undefined_as_null(experiment(settings)))
    print(table(result))
    print(f"wall time {result['wall_seconds']} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=1, allow_nan=False)


if __name__ == "__main__":
    main()
