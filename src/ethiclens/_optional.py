"""Optional dependencies: which extra installs which module, and one helper that says so.

``pip install ethiclens`` is the core (fairness audit, reports, probes, PCER audit of given
predictions). Heavier features live in extras; code that needs one imports it through
:func:`require`, so a missing extra is a one-line error (exit code 2 in the CLI) that names the
``pip install`` command, never a traceback.

The packages' module-level ``__getattr__`` come from here too (:func:`lazy_names`,
:func:`moved_getattr`): names imported on first use, and names that moved elsewhere.
"""

from __future__ import annotations

import importlib
import logging
import re
import sys

from .errors import EthicLensInputError

# extra -> the top-level modules it installs; EXTRA_OF is the reverse: module -> extra
# (``pip install 'ethiclens[EXTRA]'``).
_MODULES_OF = {
    "dpsgd": ("torch", "opacus"),
    "synth": ("mbi", "jax", "jaxlib"),
    "models": ("xgboost",),
    "dask": ("distributed", "dask"),
    "acs": ("folktables",),
    "duckdb": ("duckdb",),
    "sql": ("sqlalchemy", "sqlglot", "psycopg"),
    "spark": ("pyspark",),
    "web": ("starlette", "uvicorn", "multipart", "python_multipart"),
}
EXTRA_OF = {module: extra for extra, modules in _MODULES_OF.items() for module in modules}

# extra -> what it enables, for messages and docs.
EXTRAS = {
    "dpsgd": "DP-SGD training (pcer train, pcer sweep)",
    "synth": "synthetic-data releases (p2nia --mechanism mst/aim)",
    "models": "gradient-boosted models (p2nia experiment --model xgb)",
    "dask": "distributed sweeps (--executor dask)",
    "acs": "downloading ACS PUMS states (--download)",
    "duckdb": "out-of-core audits of CSV/Parquet files, globs and folders (--engine duckdb)",
    "sql": "audits in SQL databases (--db URL; psycopg for PostgreSQL)",
    "spark": "audits of Spark DataFrames and files read by Spark (--engine spark)",
    "web": "the local web app (ethiclens serve)",
}


class MissingExtraError(EthicLensInputError, ImportError):
    """An optional dependency is not installed; the message names the extra that installs it.

    It is an :class:`~ethiclens.errors.EthicLensInputError` (the CLI exits with code 2) and an
    :class:`ImportError` (``except ImportError`` still catches it).
    """

    def __init__(self, module: str, extra: str | None = None):
        root = module.partition(".")[0]
        extra = extra or EXTRA_OF.get(root, "all")
        self.module, self.extra = root, extra
        super().__init__(
            f"this needs the optional dependency {root}, which is not installed",
            fix=f"pip install 'ethiclens[{extra}]'",
        )
        self.name = root


def require(module: str, *, extra: str | None = None):
    """Import and return ``module``; if it is missing raise :class:`MissingExtraError`.

    A first import leaves the root logger's handlers and NumPy's global random state as they
    were: Opacus calls ``logging.basicConfig`` on import (a notebook's own
    ``logging.basicConfig(level=...)`` then did nothing), and JAX draws from ``np.random``
    (a caller's ``np.random.seed(0)`` then gave other numbers).

    >>> torch = require("torch", extra="dpsgd")  # doctest: +SKIP
    """
    if module in sys.modules:
        return _import(module, extra)
    root_logger, numpy = logging.getLogger(), sys.modules.get("numpy")
    handlers, state = root_logger.handlers[:], numpy and numpy.random.get_state()
    try:
        return _import(module, extra)
    finally:
        root_logger.handlers[:] = handlers
        if numpy is not None:
            numpy.random.set_state(state)


def connect_postgres(psycopg, conninfo: str, row_factory, refusal):
    """A psycopg connection (autocommit, rows made by ``row_factory``); a failure to connect is
    raised as ``refusal(first line of psycopg's message)``, an error in the caller's words (which
    masks any password in it), from None: psycopg's traceback would show the URL."""
    try:
        return psycopg.connect(conninfo, autocommit=True, row_factory=row_factory)
    except psycopg.Error as exc:
        raise refusal((str(exc).strip().splitlines() or [type(exc).__name__])[0]) from None


def _import(module: str, extra: str | None):
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        root, missing = (name.partition(".")[0] for name in (module, exc.name or module))
        if missing != root and missing not in EXTRA_OF:
            raise  # the module exists but one of its own dependencies is broken
        raise MissingExtraError(missing, extra if missing == root else None) from exc


def check_extra(extra: str | None) -> None:
    """Raise :class:`MissingExtraError` when a module of ``extra`` is not installed: looked up
    with ``find_spec``, not imported, so it is cheap to call before any work starts."""
    if not extra:
        return
    import importlib.util

    for module in (m for m, owner in EXTRA_OF.items() if owner == extra):
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            raise MissingExtraError(module, extra)


def as_missing_extra(exc: BaseException) -> MissingExtraError | None:
    """The :class:`MissingExtraError` for a ``ModuleNotFoundError`` of an optional module."""
    if isinstance(exc, MissingExtraError):
        return exc
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        root = exc.name.partition(".")[0]
        if root in EXTRA_OF:
            return MissingExtraError(root)
    return None


def lazy_names(module: str, table: dict[str, str], packages: tuple[str, ...] = (), export=None):
    """``(__getattr__, __dir__)`` for ``module``: the first imports each name of ``table`` (name
    -> the module defining it; a leading dot: relative to ``module``) on first use, and each
    subpackage named in ``packages`` (``ethiclens.fairness`` after a plain ``import ethiclens``);
    the second lists them with the rest of ``__all__``. ``export``: what a value is exported as
    (the package's ``refusing_export``: a keyword it does not take, one refusal).

    A value is kept in ``module``, so the next lookup does not come back here; that keeps
    ``import ethiclens`` and the CLI's ``--help`` free of the heavy imports behind the names.
    """

    def __getattr__(name: str):
        if name in table:
            value = getattr(importlib.import_module(table[name], module), name)
            value = value if export is None else export(value)
            setattr(sys.modules[module], name, value)
            return value
        if name in packages:  # importing a subpackage binds it on its parent
            return importlib.import_module(f"{module}.{name}")
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    def __dir__():
        namespace = vars(sys.modules[module])
        return sorted(set(namespace) | set(namespace.get("__all__", ())) | set(packages))

    return __getattr__, __dir__


def moved_getattr(module: str, moved, what: str):
    """A module-level ``__getattr__`` for ``module`` naming where the ``moved`` names went: an
    ImportError (so ``from module import name`` shows it) saying they live in
    ``ethiclens.experiments`` now, ``what`` being what they are there."""

    def __getattr__(name: str):
        if name in moved:
            raise ImportError(
                f"{name} moved to ethiclens.experiments ({what}): use "
                f"'from ethiclens.experiments import {name}' (docs/adr/0007-layout.md)",
                name=name,
            )
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


def log_handlers() -> dict:
    """Every logger's handlers now (the root's too), by logger: what
    :func:`forget_local_cluster` leaves in place."""
    loggers = [logging.getLogger(), *logging.root.manager.loggerDict.values()]
    return {id(lg): lg.handlers[:] for lg in loggers if isinstance(lg, logging.Logger)}


def forget_local_cluster(before: dict) -> None:
    """Leave logging and memory as a closed Dask local cluster found them (a count's, a
    sweep's): each scheduler, worker or nanny adds a log handler that it drops only when it is
    garbage, and distributed's cache of handler signatures (core._expects_comm, keyed by bound
    methods) keeps every one alive: a handler more and about 1 MB each run, for good.
    Only the nodes' kind of handler (distributed.utils.DequeHandler) not in ``before``
    (:func:`log_handlers`) goes: one another thread added meanwhile (a web request's, the
    user's) stays."""
    import distributed.core
    import distributed.utils

    # (private: guarded; the cache only computes signatures again, a running cluster's too)
    clear = getattr(getattr(distributed.core, "_expects_comm", None), "cache_clear", None)
    if clear is not None:
        clear()
    made = getattr(distributed.utils, "DequeHandler", logging.Handler)
    for lg in [logging.getLogger(), *logging.root.manager.loggerDict.values()]:
        if isinstance(lg, logging.Logger):
            kept = before.get(id(lg), [])
            added = [h for h in lg.handlers if h not in kept]
            for handler in [h for h in added if isinstance(h, made)]:
                lg.removeHandler(handler)


class NeedsExtra:
    """A registry entry with an ``extra`` field (the one it needs; None: the core suffices)."""

    extra: str | None

    def check_installed(self) -> None:
        """Raise :class:`MissingExtraError` (an input error: exit 2) when a module of its
        extra is missing, before anything runs (looked up, not imported)."""
        check_extra(self.extra)


def check_scheduler_text(scheduler, column: str = "scheduler") -> None:
    """The one rule of every ``--scheduler`` (audit, monitor, counts, pcer sweep, p2nia
    experiment): None is the default; anything else is an address as text, never blank (a
    Dask address or a Spark master; ``' '`` reached Dask or Spark, which failed in their words
    or a traceback). Here, not in ``_checks``, as both ``sources`` and ``experiments`` use it."""
    if scheduler is None:
        return
    named = {"column": column, "kind": None if column.startswith("-") else "argument"}
    if not isinstance(scheduler, str):
        raise EthicLensInputError(
            f"must be an address as text, not {type(scheduler).__name__}",
            value=scheduler,
            fix="give e.g. tcp://host:8786 or local-cluster, or leave it out for local processes",
            **named,
        )
    if not scheduler.strip():
        fix = "give a value, or leave it out for its default"
        raise EthicLensInputError("must not be empty", value=scheduler, fix=fix, **named)


def dask_address_fix(column: str = "--scheduler") -> str:
    """The fix of a refused Dask scheduler address, naming ``column`` as its caller wrote it:
    a flag (``--scheduler local-cluster``) or a Python argument (``scheduler='local-cluster'``)."""
    local = f"{column} local-cluster" if column.startswith("-") else f"{column}='local-cluster'"
    return (
        "give the address of a running scheduler (e.g. tcp://host:8786), or "
        f"{local} to count on this machine"
    )


DASK_ADDRESS_FIX = dask_address_fix()


def _odd_character(text: str, ascii_only: bool) -> str | None:
    """What makes ``text`` no address by its characters alone (a space, a control character,
    with ``ascii_only`` a non-ASCII one), or None."""
    for i, c in enumerate(text):
        what = "a space" if c.isspace() else "a control character" if not c.isprintable() else ""
        if not what and ascii_only and not c.isascii():
            what = f"the non-ASCII character {c!r}"
        if what:
            return f"it holds {what} (character {i + 1})"
    return None


def check_dask_address(address: str, column: str = "--scheduler") -> None:
    """Refuse a Dask scheduler address that the text alone shows is none (a space, a control
    character, no host, no port), before Dask tries it (10 s) or starts a cluster: every
    Dask ``--scheduler`` (audit's engines, pcer sweep, p2nia experiment), named ``column``."""
    if address == "local-cluster":
        return
    scheme, sep, rest = address.rpartition("://")
    why = _odd_character(address, ascii_only=False)
    if not why and sep and not re.fullmatch(r"[a-z][a-z0-9+.-]*", scheme):
        why = f"{scheme + sep!r} is no scheme (such as tcp://)"
    if not why and scheme in ("", "tcp", "tls", "ws", "wss"):
        hostport = re.fullmatch(r"(\[[^\]]*\]|[^:]+):([0-9]+)", rest, re.ASCII)
        if "@" in rest:
            # tcp://user:pw@h:8786 was told "HOST:PORT (e.g. tcp://host:8786)" before the
            # value, which the masking read as one URL's password ("e.g. tcp://host:***@h:1'");
            # user@h:8786 was tried for 10 s
            why = "it must be HOST:PORT, with no user or password before an '@'"
        elif not hostport:
            why = "it must be HOST:PORT (e.g. tcp://host:8786)"
        elif not 1 <= int(hostport[2]) <= 65535:
            why = "a port must be 1 to 65535"
    if not why and not rest:
        why = "it names no host"
    if why:
        raise EthicLensInputError(
            f"this is no Dask scheduler address: {why}",
            value=address,
            fix=dask_address_fix(column),
            column=column,
            kind=None if column.startswith("-") else "argument",
        )
