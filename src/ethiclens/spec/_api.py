"""The top-level ``ethiclens.audit``/``audit_counts``/``compare``/``threshold_table``: each also
takes a spec (an ``AuditSpec``, its dict, a spec file, or a target as on the command line:
``ethiclens.audit("compas")``); given arrays, they are the fairness engine's functions."""

from __future__ import annotations

import functools
import inspect
import os

from ..errors import EthicLensInputError
from ._names import pos_label_named
from ._run import _said_as_called, is_target
from ._spec import _SECTIONS, AuditSpec, called_as, named_as_called

# a spec dict's top-level keys: a dict with none of them is no spec
_SPEC_KEYS = frozenset({"$schema", "version", *_SECTIONS})


def _is_request(args, arrays_named: bool = False) -> bool:
    """Whether ``args`` are the spec form; ``arrays_named``: the call names one of the arrays
    form's other row arguments (``y_pred=``), so a dict before it is no spec either."""
    rows = len(args) > 1 or (len(args) == 1 and arrays_named)
    if rows and isinstance(args[0], dict) and _SPEC_KEYS.isdisjoint(args[0]):
        # keyed by rows ({0: 1, 1: 0}, {'r0': 1, 'r1': 0}), not a spec: the arrays form refuses it
        return False
    if args and isinstance(args[0], (AuditSpec, dict)) and len(args) > 1:
        # A spec with arrays after it mixes the two forms; its fields are keywords.
        raise TypeError(
            f"a spec ({type(args[0]).__name__}) is the only positional argument; give its "
            "settings as keywords (n_boot=500), or pass arrays without a spec"
        )
    # bytes: refused as run(b"compas") refuses it (not the arrays form's "missing y_pred")
    return len(args) == 1 and isinstance(args[0], (AuditSpec, str, bytes, dict, os.PathLike))


def _spec_of(first, kwargs, purpose=None) -> AuditSpec:
    from ._run import as_spec, with_options

    spec = as_spec(first)
    # keywords as the caller wrote them: AuditSpec.of refuses a field set by two of them
    # (seed and random_state, policy=Policy(...) and di_threshold)
    return with_options(spec, dict(kwargs), purpose)


# the run each top-level function's spec form makes (audit: a comparison with two y_pred)
_PURPOSES = {
    "audit_or_compare": "audit",
    "run_audit": "audit",
    "run_compare": "compare",
    "run_thresholds": "thresholds",
}

# the top-level function that makes each run (its name in a refusal of a keyword)
_CALLED = {
    "audit_or_compare": "audit",
    "run_audit": "audit_counts",
    "run_compare": "compare",
    "run_thresholds": "threshold_table",
}


def _run_request(runner: str, first, kwargs, target: str | None):
    """The spec form's run; a refusal names the argument ``target`` that held a target given
    as a name or path, or, ``target`` None (the caller's spec), the spec's keys."""
    from . import _run

    with named_as_called((), kwargs, target, spec_given=target is None):
        with called_as(_CALLED[runner]):  # audit(..., confidence=): named audit()
            spec = _spec_of(first, kwargs, _PURPOSES[runner])
        with _run.models_by_role():
            result = getattr(_run, runner)(spec)
    two = len(spec.roles.y_pred) == 2 and runner == "audit_or_compare"
    _run.warn_outputs_unwritten(spec, "compare" if two else _PURPOSES[runner])
    return _said_as_called(result)


def _refuse_frame_by_names(name: str, order: list, data: list, args, kwargs) -> None:
    """Refuse a DataFrame (pandas or Polars; an Arrow Table; a Dask or Spark one, whose fix is
    :func:`_cluster_frame_by_names`) given first with its columns' names for the row arguments
    (``audit(df, y_true='label', y_pred='pred', protected='race')``, ``audit(df, 'label',
    'pred', 'race')``), which Python refused as "got multiple values for argument 'y_true'" or
    "takes 3 positional arguments but 4 were given": one refusal whose fix is the call with the
    columns' values. The rows form takes values; a file's target takes names."""
    first = args[0] if args else None
    module = type(first).__module__
    # an Arrow Table or RecordBatch: tb['y'] is a column audit takes
    arrow = type(first).__name__ in ("Table", "RecordBatch") and module.startswith("pyarrow")
    frames = ("pandas", "polars", "dask", "pyspark")
    if not arrow and (type(first).__name__ != "DataFrame" or not module.startswith(frames)):
        return
    named = dict(zip(order, args[1:], strict=False)) | {
        k: v for k, v in kwargs.items() if k in data
    }
    if "protected" in kwargs and "sensitive_features" in data:
        named.setdefault("sensitive_features", kwargs["protected"])
    # a list is names only where the frame has each (a list of groups is the rows form's)
    columns = set(map(str, first.columns))
    names = {k: v for k, v in named.items() if isinstance(v, str) or _names_list(v, columns)}
    if not names:
        return
    # a positional argument left out: None for the labels (optional), else to be given
    said = [
        f"df[{names[k]!r}]" if k in names else "None" if k == "y_true" else "..." for k in order
    ]
    said += [f"{k}=df[{v!r}]" for k, v in names.items() if k not in order]
    if module.startswith(("dask", "pyspark")):  # a Dask or Spark frame: its rows on the cluster
        raise _cluster_frame_by_names(name, order[0], names, module, said)
    raise EthicLensInputError(
        f"is {f'an Arrow {type(first).__name__}' if arrow else 'a DataFrame'} given with its "
        "columns' names "
        f"({', '.join(map(repr, names.values()))})"
        f": {name}() takes the columns' values",
        column=order[0],
        kind="argument",
        fix=f"pass the columns themselves: ethiclens.{name}({', '.join(said)}) (or name the "
        f"columns of a data file: ethiclens.{name}('data.csv', {order[0]}='...', ...))",
    )


def _cluster_frame_by_names(name, first: str, names: dict, module: str, said: list):
    """A Dask or Spark DataFrame given first with its columns' names: ``audit`` counts it on
    the cluster by those names (``audit_frame``); ``compare`` and ``threshold_table`` take the
    values, brought here first."""
    spark = module.startswith("pyspark")
    engine, frame = ("Spark", "sdf") if spark else ("Dask", "ddf")
    here = "df = sdf.toPandas()" if spark else "df = ddf.compute()"
    problem = f"is a {engine} DataFrame given with its columns' names "
    problem += f"({', '.join(map(repr, names.values()))}): {name}() takes the columns' values"
    if name == "audit":
        roles = {"sensitive_features": "protected"}
        named = ", ".join(f"{roles.get(k, k)}={v!r}" for k, v in names.items())
        fix = "audit it by those names, counted on the cluster: "
        fix += f"ethiclens.audit_frame({frame}, {named})"
    else:
        fix = f"bring its rows here first ({here}), then pass the columns themselves: "
        fix += f"ethiclens.{name}({', '.join(said)})"
    return EthicLensInputError(problem, column=first, kind="argument", fix=fix)


def _names_list(value, columns: set) -> bool:
    """A list/tuple of ``columns``' names (``protected=['race', 'sex']``), not a list of one
    value per row (``['a', 'b', 'a', ...]``, the groups)."""
    return (
        isinstance(value, (list, tuple))
        and bool(value)
        and all(isinstance(v, str) and v in columns for v in value)
    )


def _wrap(name: str, runner: str):
    from .. import fairness

    engine = getattr(fairness, name)
    params = inspect.signature(engine).parameters
    # the arrays form's row arguments after the first (y_pred, sensitive_features, ...); a
    # counts table's, its attributes (a dict of columns with protected= is a table, no spec)
    rows = {
        p.name
        for p in list(params.values())[1:]
        if p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty
    } | ({"protected"} if name == "audit_counts" else set())

    order = [p.name for p in params.values() if p.kind is p.POSITIONAL_OR_KEYWORD]
    data = [*order, *(p.name for p in params.values() if p.kind is p.KEYWORD_ONLY)]

    @functools.wraps(engine)
    def call(*args, **kwargs):
        if name != "audit_counts":
            _refuse_frame_by_names(name, order, data, args, kwargs)
        if not _is_request(args, not rows.isdisjoint(kwargs)):
            with named_as_called(params, kwargs):
                try:
                    return _said_as_called(engine(*args, **kwargs))
                except EthicLensInputError as exc:  # a pos_label no row holds: by its argument
                    raise pos_label_named(exc) from None
        return _run_request(runner, args[0], kwargs, "spec" if is_target(args[0]) else None)

    call.__doc__ = (engine.__doc__ or "") + (
        "\n\n    Also accepts a spec as the only positional argument: an ``AuditSpec``, its dict, "
        'a YAML/JSON spec file, or a target as on the command line (``"compas"``, a data '
        "path); keyword arguments then set its fields.\n"
    )
    return call


audit = _wrap("audit", "audit_or_compare")
compare = _wrap("compare", "run_compare")
threshold_table = _wrap("threshold_table", "run_thresholds")
_audit_counts_engine = _wrap("audit_counts", "run_audit")


@functools.wraps(_audit_counts_engine)
def audit_counts(*args, **kwargs):
    # audit_counts("counts.parquet"): a path is a counts table, not rows; a YAML/JSON (or
    # .toml) spec file, spec.json too, is a spec, as run() reads it
    # (a refusal names the argument, ``table``, as the other functions name theirs)
    if _is_request(args) and is_target(args[0]):
        counts = {"target": {"counts": os.fspath(args[0])}}
        return _run_request("run_audit", counts, kwargs, "table")
    return _audit_counts_engine(*args, **kwargs)
