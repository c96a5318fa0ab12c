"""Running audits in the background: a bounded pool of worker processes (or threads), each
running one stored request through the library and storing the whole result in one
transaction. The server keeps nothing in memory that matters: a job is an id in the store."""

from __future__ import annotations

import collections
import contextlib
import io
import json
import logging
import multiprocessing.connection
import os
import shutil
import signal
import tempfile
import threading
import time
import weakref
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from .._secrets import mask_secrets, masked_quotes
from ..errors import EthicLensInputError, in_cli_words
from ._portable import renamed, server_names
from ._store import Store

log = logging.getLogger("ethiclens.web")


def value_text(value) -> str:
    """A refusal's value as the command line shows it (``str(exc)``'s "(value: …)": its repr,
    'nosuch', within the library's bounds; an int of thousands of digits too)."""
    return str(EthicLensInputError("", value=value)).removeprefix(" (value: ")[:-1]


class Busy(Exception):
    """The queue is full: the page says so (HTTP 503) instead of piling up work."""


def verdict_of(data: dict, purpose: str, piece=str) -> dict:
    """The headline numbers the history lists, read from the result JSON; ``piece``: how each
    piece of user text is written (a page masks each alone)."""
    if purpose == "compare":  # model B's verdicts (the candidate), and what changed
        counted = _verdicts_of(data.get("verdicts", []), "status_b", piece)
        return {**counted, "models": data.get("models")}
    if purpose == "thresholds":  # the verdicts at the audited threshold
        rows = [r for r in data.get("rows", []) if r.get("audited") and r.get("status")]
        return _verdicts_of(rows, "status", piece)
    summary = data.get("summary") or {}
    # each flagged comparison as the terminal says it: who the disparity disadvantages (with a
    # harmful label, the reference may be the group harmed more often)
    flagged = [
        f"{piece(c['attribute'])}:{piece(c['group'])} vs {piece(c.get('reference'))}"
        + (f" (disadvantaged: {piece(c['disadvantaged'])})" if c.get("disadvantaged") else "")
        for c in data.get("comparisons", [])
        if c.get("flagged")
    ]
    return {
        "status_counts": summary.get("status_counts", {}),
        "flagged": flagged or summary.get("flagged", []),
    }


def notes_of(result) -> list[str]:
    """The notes the verdict card shows, as the reports and the terminal say them: each
    attribute's groups named like a missing value ('?') or written alike ('Male', 'male'), in
    the form's words (:func:`_render` sets them), then every other note of the run
    (``data.provenance.notes``: a label's other values counted as negative, ...), as the HTML
    report says them; of an audit, a comparison's rows (model A's: the same rows) or a
    threshold view."""
    one = getattr(result, "audit_a", result)
    codes, alike = one.missing_code_notes, one.look_alike_notes
    ours = [*(codes.values() if isinstance(codes, dict) else codes), *alike]
    # the run's own: a look-alike note is held there in the command line's words, said above
    said = {n.rpartition("merge them: ")[0] for n in alike}
    data = getattr(result, "data", None) or getattr(one, "data", None) or {}
    held = (data.get("provenance") or {}).get("notes") or []
    held = [held] if isinstance(held, str) else held
    rest = [str(n) for n in held if str(n).rpartition("merge them: ")[0] not in said]
    return [*ours, *(n for n in rest if n not in ours)]


def _verdicts_of(rows: list, key: str, piece=str) -> dict:
    """The comparisons per status (``rows``' ``key``, in their order) and the flagged ones."""
    flagged = [f"{piece(r['attribute'])}:{piece(r['group'])}" for r in rows if r[key] == "FLAGGED"]
    return {"status_counts": dict(collections.Counter(r[key] for r in rows)), "flagged": flagged}


# a data file that is not (or no longer) one of the data folder's listed files: /pick's words
NOT_LISTED = (
    "not a data file in this server's data folder: only the files listed can be audited",
    "pick one from the list, or upload a file",
)


# what the browser is told of a bug (the server's log has the traceback)
INTERNAL_ERROR = {
    "problem": "the audit stopped on an internal error (the server's log has it)",
    "column": None,
    "fix": "report it; the request is kept in the history",
    "message": "internal error",
}


def _refuse_swapped_file(store, spec_dict: dict) -> None:
    """The request's data file, checked again when its job starts: the server recorded it by
    its real path when it was picked or uploaded, so a path that now resolves elsewhere was
    replaced by a link (out of the folder, perhaps) while the job waited in the queue, and is
    never read."""
    path = (spec_dict.get("target") or {}).get("file")
    row = store.data_at(path) if path else None
    if row is None:
        return
    try:
        moved = Path(path).resolve() != Path(path)
    except (OSError, ValueError, RuntimeError):  # a link loop
        moved = True
    if moved:
        raise EthicLensInputError(NOT_LISTED[0], fix=NOT_LISTED[1])
    if Path(path).exists() and not Path(path).is_file():  # a folder since: never its files
        raise EthicLensInputError(
            f"file {path} does not exist", column="target.file", fix="check the path"
        )


def run_job(
    store_path: str,
    audit_id: str,
    spec_dict: dict,
    purpose: str,
    title: str | None = None,
    rev: int | None = None,
) -> str:
    """Run one stored request (in a worker) and store its result or its error; ``rev``: the
    revision it was queued at (``Store.submit``'s), so that nothing of it is stored over a
    later run of the same audit (run again after a recovery took its server for gone)."""
    store = Store(store_path)
    try:
        # a thread of a stopped server runs on (no process to kill): what it would finish is
        # never stored (Store.finish), so it stops at its next step
        if not store.step(audit_id, "reading the data and computing the intervals", rev):
            return "interrupted"
        from ..spec import AuditSpec, run_audit, run_compare, run_thresholds

        _refuse_swapped_file(store, spec_dict)
        spec = AuditSpec.from_dict(spec_dict)
        runner = {"compare": run_compare, "thresholds": run_thresholds}.get(purpose, run_audit)
        result = runner(spec)
        _users_file_in_provenance(result, store, spec_dict)
        if not store.step(audit_id, "writing the report", rev):
            return "interrupted"
        text = result.to_json()
        html, card = _render(result, purpose, title)
        csv = result.to_csv() if purpose == "thresholds" else None
        data = json.loads(text)
        fingerprint = json.dumps((data.get("run") or {}).get("input"), sort_keys=True)
        store.finish(
            audit_id,
            result=text,
            html=html,
            card=card,
            fingerprint=fingerprint,
            verdict=json.dumps({**verdict_of(data, purpose), "notes": notes_of(result)}),
            csv=csv,
            rev=rev,
        )
        return "done"
    except EthicLensInputError as exc:
        store.fail(audit_id, _refusal_record(exc, store, spec_dict, title), rev)
        return "failed"
    except Exception:  # a bug: logged here, never shown to the browser
        log.exception("audit %s failed", audit_id)
        store.fail(audit_id, INTERNAL_ERROR, rev)
        return "failed"
    finally:
        store.close()


def _refusal_record(exc: EthicLensInputError, store, spec_dict: dict, title) -> dict:
    """A run's refusal as stored for its pages: in the user's file name (never the server's
    path), every credential masked, the library's kind of name kept ('--json' may be a column);
    its fix in the words of a face that gives files, not pandas code (the command line's:
    :func:`~ethiclens.errors.in_cli_words`), which the pages call by their fields."""
    db_env = (spec_dict.get("target") or {}).get("db_env")
    exc = in_cli_words(db_env and database_refusal(exc, db_env) or exc)
    names = _server_names(store, spec_dict, title or "the file")

    def shown(text):  # as str(exc) masks
        return masked_quotes(renamed(text, names), mask_secrets)

    return {
        "problem": shown(exc.problem),
        "column": None if exc.column is None else str(exc.column),
        "kind": None if exc.column is None else exc.kind,
        "fix": exc.fix and shown(exc.fix),
        "value": None if exc.value is None else shown(value_text(exc.value)),
        "message": shown(str(exc)),
        "input": True,  # the user's data or request, not the server: a 4xx page
        # the values a label or prediction column holds (fairness.not_binary), as found
        "found": None if exc.found is None else [shown(v) for v in exc.found],
    }


# why a database cannot be read, in general terms: (marks in the library's or the driver's
# words, lower case; the verb, the cause and the fix the browser is told), the first found
_FILE_CAUSES = (
    (("the sqlite database file", "with uri=true sqlite reads"), "read",
     "its file does not exist",
     "check that the SQLite file the URL in {name} names is still there (moved or deleted "
     "since the server started?)"),
    (("is a folder, not a sqlite",), "read", "its file is a folder, not a SQLite database file",
     "check the path in the URL {name} holds"),
    (("is not a sqlite database",), "read", "its file is not a SQLite database (or is encrypted)",
     "check that the URL {name} holds names a SQLite database file, not a CSV or another file"),
    (("is locked",), "read", "its file is locked: another process is writing to it",
     "rerun once the writer has finished"),
    (("rollback journal", "-wal holds writes"), "read",
     "its file has a journal of unfinished writes that SQLite must apply first, and EthicLens "
     "opens a database read-only",
     "ask the server's administrator to open the file once with sqlite3, then rerun"),
    (("cannot use this database url", "does not know the scheme", "databases only where"),
     "use", "its URL cannot be used",
     "check the URL {name} holds (e.g. postgresql+psycopg://user@host/db)"),
    (("unable to open database file",), "connect to",
     "the server cannot open its file (missing, or not readable by the server)",
     "check that the file the URL in {name} names exists and the server may read it"),
)  # fmt: skip
_CONNECT_CAUSES = (
    (("password authentication failed", "authentication failed", "no password supplied",
      "role ", "access denied", "permission denied"), "connect to",
     "the server refused its login (authentication failed)",
     "check the user and password in the URL {name} holds"),
    (("does not exist",), "connect to",  # 'database "x" does not exist' (a role's: a login's)
     "the database it names does not exist on the server",
     "check the database's name in the URL {name} holds"),
    (("connection refused", "no such file", "could not translate host", "timeout",
      "timed out", "name or service not known", "unreachable", "no route to host",
      "could not connect"), "connect to", "the server is not reachable",
     "check that the database server is running and the host and port in the URL {name} "
     "holds"),
)  # fmt: skip
# refusals of the table or the query (the Table field's), not of the database itself
_NOT_THE_DATABASES = ("table ", "the query", "the counting query", "the database statement")


def _database_words(exc: EthicLensInputError, name: str) -> str | None:
    """The words of a refusal of the database itself, as the library gave it: one it puts on
    ``--db-env NAME`` (or quotes so, as the threshold view's does, or a connection's), not
    the table's or the query's; None for any other refusal."""
    option, column = f"--db-env {name}", str(exc.column or "")
    on_it = column == option or column.startswith("--db ")  # (--db URL: the URL it was given)
    words = exc.problem if on_it else exc.problem.partition(f"{option!r}: ")[2]
    if not words and "cannot connect" in exc.problem:
        words = exc.problem[exc.problem.index("cannot connect") :]
    return None if not words or words.startswith(_NOT_THE_DATABASES) else words


def database_refusal(exc: EthicLensInputError, name: str) -> EthicLensInputError | None:
    """A refusal of the database itself (its SQLite file gone, not a database or locked, its
    URL unusable, its login refused, its server not reachable) as the browser and the history
    are told it: the database by the environment variable that holds its URL and why, in
    general terms, never the library's or the driver's words, which name its path, host,
    port, socket or user (the server's log keeps them, the password masked by the library).
    None for any other refusal (the table's, the query's: the Table field's)."""
    words = _database_words(exc, name)
    if words is None:
        return None
    log.warning("database %s: %s", name, exc.problem)
    lower = words.lower()
    causes = _FILE_CAUSES + (_CONNECT_CAUSES if lower.startswith("cannot connect") else ())
    verb, why, fix = "read", "it cannot be read", "check the URL {name} holds"
    if lower.startswith("cannot connect"):
        verb, why = "connect to", "the connection failed"
        fix = "check the URL {name} holds and that its server runs"
    for marks, cause_verb, cause, cause_fix in causes:
        if any(mark in lower for mark in marks):
            verb, why, fix = cause_verb, cause, cause_fix
            break
    return EthicLensInputError(
        f"cannot {verb} the database {name}: {why}", fix=fix.format(name=name)
    )


def run_marked(marks: str, store_path: str, audit_id: str, *args) -> str:
    """``run_job`` in a worker process that first writes the audit it runs into its file of
    ``marks`` (named by its pid): should it die, the server knows which audit it ran."""
    # the folder removed: the server cannot tell, and runs the others again
    with contextlib.suppress(OSError):
        Path(marks, str(os.getpid())).write_text(audit_id, encoding="utf-8")
    return run_job(store_path, audit_id, *args)


def _dead_pids(processes) -> list[int]:
    """The pids of the worker ``processes`` that have exited: their sentinel is ready, as
    the pool saw it (their exit code may not be known yet)."""
    by_sentinel = {p.sentinel: p.pid for p in processes}
    try:
        return [
            by_sentinel[s] for s in multiprocessing.connection.wait(list(by_sentinel), timeout=0)
        ]
    except (OSError, ValueError):  # a sentinel closed meanwhile: none known
        return []


def _mark_of(marks: str, pid: int) -> str | None:
    try:
        return Path(marks, str(pid)).read_text(encoding="utf-8") or None
    except OSError:
        return None


def warm() -> None:
    """Run in each worker at start: the imports and the first chart cost seconds once."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .. import report, spec  # noqa: F401

    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    fig.savefig(io.BytesIO(), format="svg")
    plt.close(fig)


def _server_names(store, spec_dict: dict, fallback: str | None = None) -> tuple:
    """``server_names`` of the request's data file; ``fallback`` for the user's name where the
    server keeps no record of the file (none: nothing renamed)."""
    target = spec_dict.get("target") or {}
    if target.get("db_env"):
        return _database_names(target["db_env"])
    path = target.get("file")
    row = store.data_at(path) if path else None
    if row is not None:
        return server_names(row)
    return server_names({"path": path}, fallback) if path and fallback else ()


def _database_names(name: str) -> tuple:
    """(URL, variable) of a database the server was started with: the reports, the result
    and the errors name it by the environment variable that holds its URL, as the pages and
    the config file do (docs/web.md), never by its URL (masked or not) or its file's path."""
    from ..sources import mask_url

    url = (os.environ.get(name) or "").strip()
    if not url:
        return ()
    return tuple((old, name) for old in dict.fromkeys((url, mask_url(url))))


def _users_file_in_provenance(result, store, spec_dict: dict) -> None:
    """Everything the result says about its data (the run record's input fingerprint and spec,
    the provenance: ``column 'pred' of loans.csv``; each model's of a comparison) names the
    data file as its user knows it, as the config file does, never by its path or random name
    on the server; done before the JSON, the report and the card are written."""
    names = _server_names(store, spec_dict)
    if not names:
        return
    # a comparison holds each model's audit, with its own data and run record
    for part in (result, getattr(result, "audit_a", None), getattr(result, "audit_b", None)):
        for attr in ("run", "data"):
            if isinstance(getattr(part, attr, None), dict):
                setattr(part, attr, renamed(getattr(part, attr), names))


def _exit_with_server(server_pid: int) -> None:
    """Run in each worker at start: when its server is killed without a shutdown (``kill
    -9``, out of memory), the worker exits within seconds instead of idling for ever. Ctrl-C
    in the terminal reaches the server only: it stops its workers (``Runner.shutdown``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(2)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def _render(result, purpose: str, title: str | None) -> tuple[str, str | None]:
    """The library's reports; ``title`` names the upload as its user knows it (the file on
    the server has a random name)."""
    from .. import report
    from ..fairness import in_face_words
    from ._labels import _flag_fields

    # its notes name the form's fields, as the page's refusals do (in_form_terms)
    in_face_words(result, {f: f"the field {w}" for f, w in _flag_fields().items()})
    writers = {
        "thresholds": (report.write_threshold_html, "Threshold view"),
        "compare": (report.write_comparison_html, "Model comparison"),
    }
    if purpose in writers:
        write, heading = writers[purpose]
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"{purpose}.html"
            write(result, path, title=title and f"{heading}: {title}")
            return path.read_text(encoding="utf-8"), None
    html = report.render_html(result, title and f"Fairness audit: {title}")
    return html, report.render_model_card(result)


# a failed run whose request is not at fault: its page offers "Run it again" (not "Fix the
# mapping", whose form would show it as a problem of the request)
WORKER_STOPPED = {
    "problem": "the worker running this audit stopped (out of memory, or killed); the "
    "server's other audits run on",
    "column": None,
    "fix": "run it again; if it stops again, audit a smaller file or run fewer audits at once",
    "message": "worker stopped",
}
# the step of an audit handed to a fresh pool after its worker's pool broke
REQUEUED = "queued again: a worker stopped"


class Runner:
    """A bounded pool: at most ``workers`` audits run at once and ``queue`` wait; more is
    refused (:class:`Busy`). ``kind``: ``process`` (default; isolated, one CPU each) or
    ``thread`` (tests)."""

    def __init__(self, store_path: str, workers: int = 2, queue: int = 50, kind: str = "process"):
        self.store_path = str(store_path)
        self.workers, self.capacity = workers, workers + queue
        self.kind = kind
        self._lock = threading.Lock()
        self._pending = 0
        # the runs handed to the pool, not finished yet, by (audit, revision): a server may hold
        # two runs of an audit (its old worker still running when the audit was queued again)
        self._active: collections.Counter[tuple] = collections.Counter()
        self._jobs: dict[str, tuple] = {}  # their requests, to hand to a fresh pool
        self._strikes: dict[str, int] = {}  # the pools that broke while each ran
        # each worker process writes there the audit it runs (a file named by its pid): when
        # one dies, the audit it ran is known, and only that one fails
        self._marks = ""  # made with the first process pool
        self._dead: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._closing = False
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        with self._lock:
            if self._pool is None and self.kind == "thread":
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="audit")
            elif self._pool is None:
                self._marks = self._marks or tempfile.mkdtemp(prefix="ethiclens-workers-")
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_exit_with_server,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def warm(self) -> None:
        """Start every worker now (not on the first audit) and load what audits need; open
        again after :meth:`shutdown` (a host that runs the app's lifespan twice), or every
        audit would be answered 503 as if the queue were full."""
        with self._lock:
            self._closing = False
        if self.kind == "process":
            pool = self._executor()
            for _ in range(self.workers):
                pool.submit(warm)

    @property
    def pending(self) -> int:
        return self._pending

    def submit(self, audit_id: str, spec: dict, purpose: str, title: str | None = None, rev=None):
        """Hand the audit queued at revision ``rev`` to the pool (:func:`run_job`)."""
        with self._lock:
            # the server is stopping (the audit is not started), or the queue is full
            if self._closing or self._pending >= self.capacity:
                raise Busy()
            self._pending += 1
            self._active[audit_id, rev] += 1
            self._jobs[audit_id] = (spec, purpose, title, rev)
        try:
            return self._hand(audit_id)
        except Exception:
            self._forget(audit_id, rev)
            raise

    def _hand(self, audit_id: str):
        """Hand an accepted audit to the pool (a fresh one when a worker died earlier)."""
        job = (self.store_path, audit_id, *self._jobs[audit_id])
        rev = job[-1]  # the run's revision as handed (a later run's job may replace it here)
        func, job = (run_marked, (self._marks, *job)) if self._marks else (run_job, job)
        pool = self._executor()
        try:
            future = pool.submit(func, *job)
        except BrokenProcessPool:  # a worker died earlier: a fresh pool, once
            self._reset(pool)
            pool = self._executor()
            future = pool.submit(func, *job)
        future.add_done_callback(lambda f, a=audit_id, p=pool, r=rev: self._done(f, a, p, r))
        return future

    def _forget(self, audit_id: str, rev=None) -> bool:
        """The audit's run of revision ``rev`` is no longer the pool's (a later run of it, the
        audit queued again, stays); whether the server is stopping."""
        with self._lock:
            self._pending -= 1
            self._active[audit_id, rev] -= 1
            if self._active[audit_id, rev] <= 0:
                del self._active[audit_id, rev]
            if (self._jobs.get(audit_id) or (None,) * 4)[3] == rev:
                self._jobs.pop(audit_id, None)
                self._strikes.pop(audit_id, None)
            return self._closing

    def _done(self, future, audit_id: str, pool=None, rev=None) -> None:
        exc = None if future.cancelled() else future.exception()
        if isinstance(exc, BrokenProcessPool):
            # a worker died (killed, out of memory): the pool fails every audit it held, those
            # waiting and those running on the other workers too; all but the one it ran go
            # to a fresh pool
            dead = self._dead_ran(pool)
            self._reset(pool)
            if audit_id not in dead and self._again(audit_id, rev):
                return
        closing = self._forget(audit_id, rev)
        # the store says failed (not when the server stopped it: shutdown marked its audit
        # interrupted)
        if exc is not None and not closing:
            log.error("audit worker for %s failed: %r", audit_id, exc)
            with contextlib.closing(Store(self.store_path)) as store:
                store.fail(audit_id, WORKER_STOPPED, rev)

    def _dead_ran(self, pool) -> set:
        """The audits that ``pool``'s dead workers were running, as each worker wrote it
        (``run_marked``); read once, when the first of the pool's audits is failed (before the
        pool stops its other workers)."""
        with self._lock:
            if pool is None or not self._marks:
                return set()
            if pool not in self._dead:
                dead = _dead_pids((getattr(pool, "_processes", None) or {}).values())
                self._dead[pool] = {_mark_of(self._marks, pid) for pid in dead} - {None}
            return self._dead[pool]

    def _again(self, audit_id: str, rev=None) -> bool:
        """Whether the audit's run of revision ``rev``, whose pool broke but not on its worker
        (``_dead_ran``), was handed to a fresh one: one that had not started is, always; one
        that had is, once: should the dead worker's audit be unknown (it died before it wrote
        it), one that broke a pool twice while it ran fails. A stale run (the audit queued
        again since: the job held is a later run's) is not: its store writes match no row."""
        with self._lock:
            if (self._jobs.get(audit_id) or (None,) * 4)[3] != rev:
                return False
        with contextlib.closing(Store(self.store_path)) as store:
            row = store.audit(audit_id) or {}
            started = row.get("status") == "running" and row.get("step") != REQUEUED
            with self._lock:
                if self._closing or (started and self._strikes.get(audit_id, 0) >= 1):
                    return False
                if started:
                    self._strikes[audit_id] = self._strikes.get(audit_id, 0) + 1
            if started:  # its page says so; a start on the fresh pool replaces the step
                store.step(audit_id, REQUEUED, self._jobs[audit_id][3])
        try:
            self._hand(audit_id)
        except Exception:  # noqa: BLE001 - no fresh pool: the audit fails as the worker did
            log.exception("audit %s could not be handed to a fresh pool", audit_id)
            return False
        log.warning("audit %s handed to a fresh pool: a worker stopped", audit_id)
        return True

    def _reset(self, broken) -> None:
        """Drop ``broken`` (a pool whose worker died) if it is still the current one."""
        with self._lock:
            if broken is None or self._pool is not broken:
                return
            self._pool = None
        broken.shutdown(wait=False, cancel_futures=False)

    def shutdown(self) -> None:
        """Stop now (SIGTERM, Ctrl-C), not when the running audits end (minutes): the audits
        queued or running are marked interrupted (nothing of them is stored) and the worker
        processes are killed, as ``kill -9`` would; a thread (``kind="thread"``) cannot be
        killed, but what it finishes late is not stored (``Store.finish`` completes only a
        queued or running audit)."""
        with self._lock:
            self._closing = True
            pool, self._pool = self._pool, None
            active = list(self._active)  # (audit, revision): a stale run's audit queued
            # again on another server (after a mistaken recovery) is that server's to stop
        if active:
            with contextlib.closing(Store(self.store_path)) as store:
                n = store.interrupt(active)
            log.warning("%d audit(s) interrupted: the server stopped while they ran", n)
        if self._marks:
            shutil.rmtree(self._marks, ignore_errors=True)
        if pool is None:
            return
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.kill()
        for process in workers:
            process.join(timeout=5)


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) // 2))
