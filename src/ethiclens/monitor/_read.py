"""Read a monitor store without writing to it: what the web app's Monitoring page shows.

``read_store(path)`` opens the SQLite file read-only (``mode=ro``) — or a PostgreSQL store's URL
in read-only transactions — refuses what is not a monitor store with one line, and returns
plain data: the request the store was written for
(target, columns, policy; never a password), the windows (and those the last run held back),
and per comparison its window series
(estimates with their intervals, confidence-sequence bounds, e-values, alarm flags) exactly as
the monitor stored them, plus the monitor's own JSON document (``report``, the one
``ethiclens monitor --json`` writes, for :func:`trend_png`). Nothing is computed here.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import urllib.parse
from pathlib import Path

from .._keywords import refusing_unknown_keywords
from ..errors import EthicLensInputError
from ._report import build_report, iso, sequence_text
from ._request import MonitorRequest, check_stored_numbers
from ._store import (
    EMPTY_STORE,
    READ_FIX,
    Store,
    as_written_fix,
    checked_store,
    damaged,
    is_store_url,
)


@refusing_unknown_keywords
def read_store(path, *, flag: str = "--store") -> dict:
    """The plain data of the monitor store at ``path`` (read-only; ``flag`` names the option
    in refusals). ``path`` may be a PostgreSQL URL (``ethiclens monitor --store URL``)."""
    path = checked_store(path, flag)
    if is_store_url(path):
        return _read_postgres(path, flag)
    path = Path(path)

    def refuse(problem: str, fix: str = READ_FIX):
        return EthicLensInputError(problem, column=flag, value=str(path), fix=fix)

    if not path.is_file():
        raise refuse("is not a file (a monitor store)", as_written_fix(path, READ_FIX))
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise refuse(f"cannot be read: {exc.__class__.__name__}") from None
    if not head:
        raise refuse(EMPTY_STORE)
    if head != b"SQLite format 3\x00":
        raise refuse("is not a SQLite file (an EthicLens monitor store)")
    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro"
    for again in (True, False):
        try:
            con = sqlite3.connect(uri, uri=True)
        except sqlite3.Error as exc:
            raise refuse(f"cannot be opened read-only: {exc}") from None
        try:
            return _read(Store(path, con, flag), refuse)
        except sqlite3.DatabaseError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                busy = "is busy (a monitor run is writing it)"
                raise refuse(busy, "try again in a moment") from None
            if "readonly" in str(exc) and Path(f"{path}-journal").exists():
                return _read_recovered(path, flag, refuse)
            if "readonly" in str(exc) and again:  # a hot journal a run rolled back meanwhile
                continue  # (gone since it failed this read): the store is as that run left it
            raise damaged(f"SQLite: {exc}", str(path), flag) from None
        finally:
            con.close()
    raise AssertionError("unreachable")  # the second try returns or raises


def _read_recovered(path: Path, flag: str, refuse) -> dict:
    """A store whose last writer stopped mid-write (a run killed, a sqlite3 shell's open
    transaction at a crash) has a hot ``-journal`` beside it: SQLite rolls the unfinished write
    back, to the store's last committed state, when it next opens it for writing, which a
    read-only reader (``mode=ro``) may not do ("attempt to write a readonly database"). That
    state is read from a private copy of the store and its journal, rolled back there: judged
    on its content, never called damaged, and the store itself left as found. A run that
    rolled the journal back meanwhile (the journal gone or changed by the time the store was
    copied) may have written the store since: that copy would mix the old journal with a newer
    store, so the store is "busy", as while a run writes it."""
    busy = refuse("is busy (a monitor run is writing it)", "try again in a moment")
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "store.sqlite"
        try:  # the journal, the store, then the journal again: still the one copied
            shutil.copyfile(f"{path}-journal", f"{copy}-journal")
            shutil.copyfile(path, copy)
            same = _same_bytes(Path(f"{path}-journal"), Path(f"{copy}-journal"))
        except FileNotFoundError:
            raise busy from None
        except OSError as exc:
            raise refuse(f"cannot be read: {exc.__class__.__name__}") from None
        if not same:
            raise busy from None
        con = sqlite3.connect(copy)
        try:
            return _read(Store(path, con, flag), refuse)
        except sqlite3.DatabaseError as exc:  # the journal's rollback failed: damaged
            raise damaged(f"SQLite: {exc}", str(path), flag) from None
        finally:
            con.close()


def _same_bytes(one: Path, other: Path) -> bool:
    """Whether the files ``one`` and ``other`` hold the same bytes (read in blocks)."""
    with open(one, "rb") as a, open(other, "rb") as b:
        while (block := a.read(1 << 16)) == b.read(1 << 16):
            if not block:
                return True
    return False


def _read_postgres(url: str, flag: str) -> dict:
    try:
        store = Store.open(url, read_only=True)
    except EthicLensInputError as exc:
        raise EthicLensInputError(exc.problem, column=flag, value=exc.value, fix=exc.fix) from None

    def refuse(problem: str, fix: str = READ_FIX):
        return EthicLensInputError(problem, column=flag, value=store.path, fix=fix)

    try:
        return _read(store, refuse)
    finally:
        store.close()


def _read(store: Store, refuse) -> dict:
    bound = _bound_request(store, refuse)
    last_run = store.last_run()
    target = _masked(last_run["target"]) if last_run else ""
    known = set(MonitorRequest.__dataclass_fields__) - {"target", "db"}
    fields = {k: v for k, v in bound.items() if k in known}
    fields["protected"] = tuple(fields["protected"])
    doc = build_report(store, MonitorRequest(target=target, **fields), {})
    windows = {w["window"]: w for w in doc["windows"]}
    comparisons = [_comparison(c, windows) for c in doc["comparisons"]]
    return {
        "path": str(store.path),
        "created": doc["created"],
        "request": {"target": target, **bound},
        "last_run": None if last_run is None else {**last_run, "target": target},
        "alpha": doc["method"]["alpha"],
        "windows": doc["windows"],
        "comparisons": comparisons,
        "alarm": any(c["alarm"] for c in comparisons),
        "held": _held(store),
        "report": doc,
    }


def _held(store: Store) -> list[dict]:
    """The windows the last run held back (meta ``held``: ``--hold-last``, a day window not
    ended, a row window not full), in order: each one's number, span and rows, as the run's
    note names them; a later run processes them."""
    held = store.meta("held") or {}
    return [
        {"window": int(w), "start": iso(s["start"]), "end": iso(s["end"]), "rows": int(s["rows"])}
        for w, s in sorted(held.items(), key=lambda kv: int(kv[0]))
    ]


def _bound_request(store: Store, refuse) -> dict:
    """The request the store was written for; a file that is no monitor store (or a newer
    one, or a damaged one) refused."""
    store._check_foreign(refuse)
    store.check_intact()  # damage refused here as the monitor refuses it, before any report
    bound = store.meta("request")
    check_stored_numbers(store, bound)
    return bound


def _comparison(c: dict, windows: dict) -> dict:
    """One comparison of the report as the web page shows it: a series of windows, each with
    its span, status, estimates, sequences, e-values and whether each test was in alarm."""
    since = {t: v["alarm_since"]["window"] for t, v in c["tests"].items() if v["alarm"]}
    series = []
    for i, h in enumerate(c["history"]):
        w = windows.get(h["window"], {})
        series.append(
            {
                "window": h["window"],
                **{key: w.get(key) for key in ("start", "end", "rows")},
                "status": h["status"],
                "reason": h.get("reason"),
                **{key: h[key] for key in ("estimates", "sequences")},
                # as the terminal words them, an empty one with its reason
                "sequence_text": {
                    m: sequence_text(c["history"][: i + 1], m) for m in h["sequences"]
                },
                "tests": h["tests"],
                "alarms": {t: h["window"] >= s for t, s in since.items()},
            }
        )
    return {
        **{key: c[key] for key in ("attribute", "group", "reference")},
        "alarm": bool(since),
        **{key: c[key] for key in ("tests", "sequences")},
        "sequence_text": {m: sequence_text(c["history"], m) for m in c["sequences"]},
        "latest": c["latest"],
        "series": series,
    }


def _masked(target: str) -> str:
    from ..sources import mask_url

    return mask_url(target) if "://" in str(target) else str(target)
