"""A refusal in the Python caller's words: an error naming a spec key, a command-line flag or
the fairness engine's keyword names the argument the caller passed (or, for a value from their
spec file, its key)."""

from __future__ import annotations

import functools
from contextlib import contextmanager

from ..errors import EthicLensInputError
from ._parse import attribute_names
from ._spec import _ENGINE_NAMES, ENGINE_KEYS, flag_paths


def columns_named(runner):
    """``runner(spec, ...)``, whose refusal carries the columns the spec reads from the data
    (``in_data``): one of them named like a keyword (a label column named y_true, an attribute
    named n_boot) is named as that column by every face, not as --y-true or policy.n_boot, and
    one spelled like an option, a key or an argument (-lab, version, STORE) is called a column
    (the flags' own names stay what they name: the flags; TARGET with no target given)."""

    @functools.wraps(runner)
    def run(spec, *args):
        try:
            return runner(spec, *args)
        except EthicLensInputError as exc:
            r = spec.roles
            names = {*r.y_pred, r.y_true, r.y_score, r.weight} | attribute_names(r.protected)
            name = str(exc.column).split(" (")[0]  # 'lab (y_true)': the column lab
            if _option_value(spec, name, exc.value):  # --n-boot's value, a column n_boot read
                names = names - {name}
            elif exc.kind != "column" and name in names - {*_target_words(spec), *flag_paths()}:
                exc = exc.renamed({}, "column")
            exc.in_data = names
            raise exc from None

    return run


def _target_words(spec) -> set:
    """The names a refusal of the target itself may still carry here: TARGET with no target
    (a file's or a benchmark's refusals are named target.file / target.dataset by then)."""
    return {"TARGET"} if spec.target.kind is None else set()


def _option_value(spec, name: str, value) -> bool:
    """Whether ``value`` is the one the spec gives the engine keyword ``name`` (n_boot, step):
    a refusal of that option, not of a data column spelled like it."""
    section, _, key = ENGINE_KEYS.get(name, "").partition(".")
    given = getattr(getattr(spec, section, None), key, None)
    return value is not None and type(given) is type(value) and given == value


@contextmanager
def named_as_called(params, kwargs, target: str | None = None, spec_given: bool = False):
    """An error about a parameter names it as the Python caller wrote it ("argument
    'random_state'"), not as a config key ("key 'policy.seed'"), a flag ("option '--seed'") or
    the engine's keyword ("column 'exclude_groups'"). A key the caller did not pass came from
    their spec file and is named as its key there; a bad target given as a name or path
    (``run("compass")``) names the argument ``target`` that held it. A flag in the error's
    words is named as the keyword that sets it, or, with ``spec_given`` (the caller's spec: a
    dict, a file), as its key there."""
    # the engine's keyword names too (random_state: seed; model A and B have no alias)
    passed = {k: k for k in kwargs} | {_ENGINE_NAMES[k]: k for k in kwargs if k in _ENGINE_NAMES}
    try:
        yield
    except EthicLensInputError as exc:
        raise _in_python_words(exc, params, passed, target, spec_given, kwargs) from None


def _in_python_words(exc, params, passed: dict, target, spec_given, kwargs=None):
    """``exc`` naming what the caller wrote; every flag in its words named as the keyword
    that sets it ("drop --bins" becomes "drop bins": ``run`` and ``AuditSpec.of`` take each
    field by name) or, when the caller gave a spec (a dict, a file), as its key there."""
    words = {}
    for flag, path in flag_paths().items():
        field_name = path.rpartition(".")[2]
        words[flag] = passed.get(field_name, path if spec_given else field_name)
    column = str(exc.column)
    data = exc.kind == "column"  # a data column named like a target (TARGET) stays one
    if spec_given and column == "TARGET" and not data:  # the caller's spec names no target
        return exc.renamed({column: "target"}, "key", words)
    # audit_counts("c.csv"): the table's --counts, unless the counts keyword replaced it
    held = column in _TARGET_NAMES and not data or (column == "--counts" and "counts" not in passed)
    if target and held:
        return exc.renamed({column: target}, "argument", words)
    if exc.kind == "column" and column in params:  # the engine's own argument
        return exc.renamed({column: column}, "argument", words)
    path = _spec_path(exc)
    if path is None:  # flags of no one key ("--y-pred/--protected"), or none at all
        pieces = {p: words[p] for p in column.split("/") if p in words}
        keys = pieces and all("." in name for name in pieces.values())  # all from the spec
        kind = ("key" if keys else "argument") if pieces else None  # a column: still one
        return exc.renamed(pieces, kind or ("column" if exc.kind == "column" else None), words)
    if inside := _inside_keyword(path, passed, kwargs or {}):  # exclude_groups={'g': 'A'}
        return exc.renamed({column: inside}, "argument", words)
    name = path.rpartition(".")[2]
    if path.startswith("roles.protected."):  # a reference group: the keyword that gave it
        name = "reference" if "reference" in passed else "protected"
    if name in passed:
        return exc.renamed({column: passed[name]}, "argument", words)
    if exc.kind == "key":
        return exc.renamed({}, None, words)
    if not spec_given and exc.kind == "option":  # a target's run: every field is a keyword
        return exc.renamed({column: name}, "argument", words)
    return exc.renamed({column: path}, "key", words)


def _inside_keyword(path: str, passed: dict, kwargs: dict) -> str | None:
    """A key inside the mapping a Python keyword gave (``groups.exclude.g`` of
    ``exclude_groups={'g': 'A'}``) as the caller writes it, ``exclude_groups['g']``; None for
    another key. A list's item is an index (``bins['age'][1]``, ``merge['g']['X'][0]``). The
    keys are read off the value given, so a name holding a dot is one key (``['a.b']``)."""
    field, _, inner = path.partition(".")[2].partition(".")
    keyword = passed.get(field) if path.startswith("groups.") and inner else None
    if keyword is None:
        return None
    node, shown = kwargs.get(keyword), keyword
    while inner:
        text = inner.partition(".")[0]
        keys = (
            [k for k in node if inner == str(k) or inner.startswith(f"{k}.")]
            if isinstance(node, dict)
            else []
        )
        if keys:  # the longest key given that the path starts with
            key = max(keys, key=lambda k: len(str(k)))
            text = str(key)
        else:  # a list's item, or past what was given: its index, else the path's piece
            key = int(text) if text.isdigit() else text
        node = node[key] if isinstance(node, dict | list | tuple) and key in _keys(node) else None
        shown, inner = shown + f"[{key!r}]", inner[len(text) + 1 :]
    return shown


def _keys(node) -> range | dict:
    return node if isinstance(node, dict) else range(len(node))


# What a refusal of the target itself is called (by the library, the CLI); a refusal of a
# file's content names the column, not these.
_TARGET_NAMES = ("TARGET", "target.file", "target.dataset", "target.counts")

# The engine's keywords a spec call's error may name for a spec key (a role's keyword, y_true,
# is also a column's name there, and stays one).
_SETTINGS = ("groups.", "policy.", "roles.intersections", "thresholds.")


def _spec_path(exc: EthicLensInputError) -> str | None:
    """The spec key an error names, whichever face's name it uses (a key, a command-line
    flag, an engine keyword), or None."""
    column = str(exc.column).split("[")[0]
    if exc.kind == "key":
        return column
    if exc.kind == "option":
        return flag_paths().get(column)
    path = ENGINE_KEYS.get(column) if exc.kind == "column" and column not in exc.in_data else None
    return path if path and path.startswith(_SETTINGS) else None
